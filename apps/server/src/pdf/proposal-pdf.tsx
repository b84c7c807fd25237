/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { languageOf } from '@draftwell/shared/i18n/languages';
import { Document, Page, Text, View, type DocumentProps } from '@react-pdf/renderer';
import type { TPricingTotals } from '@draftwell/shared/document/pricing';
import type { TBlock } from '@draftwell/shared/document/schema';
import { Fragment, type ReactElement } from 'react';
import { CertificatePage } from './blocks/certificate';
import { Footer } from './blocks/footer';
import { Header } from './blocks/header';
import type { TPdfModel } from './blocks/model';
import { DocumentTotals, PricingTablePdf } from './blocks/pricing-table';
import { RichTextPdf } from './blocks/rich-text';
import { SignaturePdf } from './blocks/signature';
import { MUTED, base, keep, textDir } from './blocks/styles';
import { TimelinePdf } from './blocks/timeline';
import { blockKeep } from './pdf-keep';

/*
 * The proposal's PDF, composed from its parts in blocks/: the header and footer, one renderer per
 * block type (as apps/web/src/components/document-view has one view per block), the totals and the
 * certificate page; styles and helpers every part shares are in blocks/styles.ts and blocks/model.ts.
 */

export type { TPdfModel } from './blocks/model';

function BlockPdf({ block, model, next }: { block: TBlock; model: TPdfModel; next: TBlock | undefined }) {
  switch (block.type) {
    case 'rich_text':
      return <RichTextPdf block={block} model={model} next={next} />;
    case 'pricing_table':
      return <PricingTablePdf table={block} model={model} />;
    case 'timeline':
      return <TimelinePdf block={block} model={model} />;
    case 'signature':
      return <SignaturePdf block={block} model={model} />;
    case 'page_break':
      return <View break />;
    default:
      return null;
  }
}

/** The whole PDF: the proposal's pages, then the certificate page when it was accepted. */
export function proposalPdf(model: TPdfModel, totals: TPricingTotals): ReactElement<DocumentProps> {
  const { snapshot, i18n } = model;
  const blocks = snapshot.document.blocks;
  const tables = blocks.filter((b) => b.type === 'pricing_table');
  const lastTable = tables.length > 1 ? tables[tables.length - 1] : undefined;
  const author = [snapshot.sender.name, snapshot.sender.company]
    .map((v) => v.trim())
    .filter(Boolean)
    .join(', ');
  return (
    <Document
      title={model.clean(snapshot.title)}
      author={model.clean(author)}
      subject={model.clean(
        i18n._('Proposal {number}, revision {revision}', { number: snapshot.number, revision: model.revision.number }),
      )}
      creator="Draftwell"
      producer="Draftwell"
      // The catalog's /Lang: readers and screen readers take the owner's words as this language's.
      language={languageOf(snapshot.language)}
    >
      <Page size="A4" style={[base.page, { fontFamily: model.fonts.body }]} wrap>
        <View style={[base.bar, { backgroundColor: model.brand }]} fixed />
        <Header model={model} />
        {blocks.length === 0 ? (
          <Text style={[{ color: MUTED }, textDir(model, i18n._('This proposal has no content.'))]}>
            {i18n._('This proposal has no content.')}
          </Text>
        ) : null}
        {blocks.map((block, i) => (
          <Fragment key={block.id}>
            {/* A block's first element (a heading, a table's header) cannot push the block itself
                to the next page: an empty view before it, asking for the block's start, can. */}
            {blockKeep(block) > 0 ? <View minPresenceAhead={keep(blockKeep(block))} /> : null}
            <BlockPdf block={block} model={model} next={blocks[i + 1]} />
            {block === lastTable ? <DocumentTotals model={model} totals={totals} /> : null}
          </Fragment>
        ))}
        <Footer model={model} />
      </Page>
      {model.certificate ? <CertificatePage certificate={model.certificate} model={model} /> : null}
    </Document>
  );
}
