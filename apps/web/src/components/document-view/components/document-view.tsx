import { documentTotals, type TPricingTotals } from '@draftwell/shared/document/pricing';
import type { TBlock, TDocument, TPricingSelection } from '@draftwell/shared/document/schema';
import type { TDocumentContext } from '@draftwell/shared/document/variables';
import { useLingui } from '@lingui/react';
import type { CSSProperties } from 'react';
import { cx } from '../utils/class-names';
import { brandAccents, kindsToTotal } from '@draftwell/shared/document/display';
import { DocumentHeader, type TDocumentBranding } from './document-header';
import { PricingTableView, TotalsList } from './pricing-table-view';
import { RichTextView } from './rich-text-view';
import { SignatureView } from './signature-view';
import { TimelineView } from './timeline-view';
import type { TDocumentAcceptance } from './types';

export type { TDocumentAcceptance } from './types';

/** Who accepted the proposal and when (the certificate's name and server time). */
export type TDocumentViewProps = {
  document: TDocument;
  context: TDocumentContext;
  /** The client's choices; without it every line shows its default. */
  selection?: TPricingSelection;
  /** Given: optional lines, packages and quantity ranges become controls. */
  onSelectionChange?: (next: TPricingSelection) => void;
  branding?: TDocumentBranding;
  /** The proposal title's heading level: 2 inside a page that has its own h1. */
  titleLevel?: 1 | 2;
  /** Rewrites a stored image's `/api/files/<id>` address; the client's page reads files through its link. */
  imageSrc?: (src: string) => string;
  className?: string;
  /** false: the blocks alone, without the title, client and sender (a single section's preview). */
  header?: boolean;
  /** Given once the shown revision is accepted: signature blocks say who accepted and when. */
  acceptance?: TDocumentAcceptance | null;
};

function PageBreak() {
  const { i18n } = useLingui();
  return (
    <div
      role="separator"
      aria-label={i18n._('Page break')}
      className="relative my-12 border-t-2 border-dashed break-after-page print:my-0 print:border-0"
    >
      <span
        aria-hidden="true"
        className="bg-card text-muted-foreground absolute -top-2.5 left-1/2 -translate-x-1/2 px-2 text-[0.6875rem] tracking-wide uppercase print:hidden"
      >
        {i18n._('Page break')}
      </span>
    </div>
  );
}

function Block({
  block,
  context,
  selection,
  onSelectionChange,
  imageSrc,
  acceptance,
}: { block: TBlock } & Pick<
  TDocumentViewProps,
  'context' | 'selection' | 'onSelectionChange' | 'imageSrc' | 'acceptance'
>) {
  switch (block.type) {
    case 'rich_text':
      return <RichTextView doc={block.content} context={context} imageSrc={imageSrc} />;
    case 'pricing_table':
      return (
        <PricingTableView
          table={block}
          currency={context.proposal.currency}
          selection={selection}
          onSelectionChange={onSelectionChange}
        />
      );
    case 'timeline':
      return <TimelineView block={block} locale={context.locale} />;
    case 'signature':
      return <SignatureView block={block} context={context} acceptance={acceptance} />;
    case 'page_break':
      return <PageBreak />;
    default:
      return null;
  }
}

/** The sum of every pricing table, shown when there is more than one. */
function DocumentTotals({
  document,
  selection,
  currency,
}: {
  document: TDocument;
  selection?: TPricingSelection;
  currency: string;
}) {
  const { i18n } = useLingui();
  let totals: TPricingTotals;
  try {
    totals = documentTotals(document, selection);
  } catch (error) {
    return (
      <p role="alert" className="text-destructive my-8 text-sm">
        {error instanceof Error ? error.message : i18n._('These prices could not be added up.')}
      </p>
    );
  }
  const tables = document.blocks.filter((b) => b.type === 'pricing_table');
  const kinds = kindsToTotal(tables, selection);
  if (kinds.length === 0) return null;
  const anyOther = tables.some((t) => t.lines.some((line) => line.billing !== 'one_off'));
  return (
    <section
      aria-label={i18n._('Proposal total')}
      className="bg-muted/50 my-10 flex flex-col gap-4 rounded-lg border-t-4 border-(--dv-accent) p-6 break-inside-avoid @lg:flex-row @lg:items-start"
    >
      <h2 className="text-lg font-semibold tracking-tight">{i18n._('Proposal total')}</h2>
      <TotalsList totals={totals} kinds={kinds} currency={currency} nameKinds={anyOther} />
    </section>
  );
}

/**
 * The proposal exactly as the client sees it: the editor's preview, the template gallery and the
 * client's page all render through this. Pure React and shared code: no editor is loaded.
 */
export function DocumentView({
  document,
  context,
  selection,
  onSelectionChange,
  branding,
  titleLevel,
  imageSrc,
  className,
  header = true,
  acceptance,
}: TDocumentViewProps) {
  const { i18n } = useLingui();
  const accents = brandAccents(branding?.brandColor);
  const style = accents
    ? ({ '--dv-accent-light': accents.light, '--dv-accent-dark': accents.dark } as CSSProperties)
    : undefined;
  const tables = document.blocks.filter((b) => b.type === 'pricing_table');
  const lastTable = tables.length > 1 ? tables[tables.length - 1] : undefined;

  return (
    <article
      style={style}
      className={cx(
        // The accent: the brand colour made readable for each theme, else the app's primary.
        '[--dv-accent:var(--dv-accent-light,var(--primary))] dark:[--dv-accent:var(--dv-accent-dark,var(--primary))] print:[--dv-accent:var(--dv-accent-light,#1f2937)]',
        '@container bg-card text-card-foreground mx-auto w-full max-w-[52rem] wrap-anywhere border-t-4 border-t-(--dv-accent) text-[1.0625rem] leading-[1.7]',
        'print:max-w-none print:border-0 print:bg-white print:text-[11pt] print:text-black print:shadow-none',
        className,
      )}
      data-document-view
      // The owner's words are in the proposal's language: browsers pick its fonts (a Japanese and a
      // Chinese character differ) and screen readers its voice. Their direction is set where they
      // are (the text, the title, the lines' descriptions): the page's own wording around them is
      // still English, whose money and units would read backwards in a right-to-left page.
      lang={context.language}
    >
      {/* Padding on an inner box: container queries size against an ancestor, never the element itself. */}
      <div className="px-4 py-8 @md:px-8 @md:py-10 @2xl:px-14 @2xl:py-14 print:p-0">
        {header ? <DocumentHeader context={context} branding={branding} titleLevel={titleLevel} /> : null}
        {document.blocks.length === 0 ? (
          <p className="text-muted-foreground py-10 text-center">{i18n._('This proposal has no content yet.')}</p>
        ) : (
          <div className="space-y-8">
            {document.blocks.map((block) => (
              <div key={block.id} data-block-id={block.id}>
                <Block
                  block={block}
                  context={context}
                  selection={selection}
                  onSelectionChange={onSelectionChange}
                  imageSrc={imageSrc}
                  acceptance={acceptance}
                />
                {block === lastTable ? (
                  <DocumentTotals document={document} selection={selection} currency={context.proposal.currency} />
                ) : null}
              </div>
            ))}
          </div>
        )}
      </div>
    </article>
  );
}
