/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Link, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import {
  formatUtcInstant,
  kindsToTotal,
  lineChoice,
  signatureFacts,
  unitLabel,
} from '@draftwell/shared/document/display';
import { formatQuantity } from '@draftwell/shared/document/pricing';
import type { TPricingTable } from '@draftwell/shared/document/schema';
import type { TAcceptanceCertificate } from '@draftwell/shared/share/revision';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import type { ReactElement } from 'react';
import { Footer } from './footer';
import type { TPdfModel } from './model';
import { TotalsList } from './pricing-table';
import { SignatureMarkPdf } from './signature-mark';
import { VerifyQr } from './verify-qr';
import { MUTED, RULE, TINT, base, mirror, proseDir, rowDir, textDir, type, valueDir } from './styles';

/** Option rows kept on the certificate's last page with its totals, when there are more. */
const CERTIFICATE_TAIL_ROWS = 5;

const s = StyleSheet.create({
  certTitle: { ...type(20, 1.2), fontWeight: 'bold', marginBottom: 6 },
  certIntro: { color: MUTED, marginBottom: 16 },
  head: { flexDirection: 'row', alignItems: 'flex-start' },
  headText: { flex: 1, paddingRight: 12 },
  verifyLine: { ...type(8.5, 1.35), color: MUTED, marginTop: -10, marginBottom: 16 },
  certRow: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: RULE, paddingVertical: 4 },
  certTerm: { width: 150, color: MUTED, ...type(9, 1.35), paddingRight: 8 },
  certValue: { flex: 1, ...type(9.5, 1.35) },
  certHash: { flex: 1, ...type(8.5, 1.35) },
  certSection: { ...type(11.5, 1.3), fontWeight: 'bold', marginTop: 16, marginBottom: 6 },
  consent: { flex: 1, ...type(9, 1.4), paddingVertical: 2, paddingHorizontal: 6, backgroundColor: TINT },
  signature: { marginBottom: 12 },
  signatureHead: { ...type(10, 1.35), fontWeight: 'bold', marginBottom: 4 },
  mark: { marginBottom: 4 },
});

function CertRow({ term, value, model, hash }: { term: string; value: string; model: TPdfModel; hash?: boolean }) {
  return (
    <View style={[s.certRow, rowDir(model)]} wrap={false}>
      <Text style={[mirror(model, s.certTerm), textDir(model)]}>{term}</Text>
      <Text style={[hash ? s.certHash : s.certValue, valueDir(model, value)]}>{model.clean(value.trim() || '—')}</Text>
    </View>
  );
}

/**
 * Every signature in the order given: who, in what role, the mark, and their own evidence (when,
 * from which address and browser, the statement they agreed to), worded as on the web.
 */
function Signatures({ certificate, model }: { certificate: TAcceptanceCertificate; model: TPdfModel }) {
  const { i18n } = model;
  return (
    <>
      <Text style={[s.certSection, textDir(model)]} minPresenceAhead={80}>
        {i18n._('{count, plural, one {Signature} other {Signatures}}', { count: certificate.signatures.length })}
      </Text>
      {certificate.signatures.map((g, i) => (
        <View key={g.id} style={s.signature} wrap={false}>
          {/* A signer's heading is their name, in the proposal's direction as every other name. */}
          <Text style={[s.signatureHead, proseDir(model)]}>{model.clean(signerHeading(i18n, i + 1, g))}</Text>
          {g.mark ? (
            <View style={[s.mark, model.rtl ? { alignItems: 'flex-end' } : {}]}>
              <SignatureMarkPdf mark={g.mark} model={model} width={180} height={48} />
            </View>
          ) : null}
          {signatureFacts(i18n, g, model.context.locale).map((fact) =>
            fact.kind === 'quote' ? (
              <View key={fact.term} style={[s.certRow, rowDir(model)]}>
                <Text style={[mirror(model, s.certTerm), textDir(model)]}>{fact.term}</Text>
                <Text style={[s.consent, textDir(model, fact.value)]}>{model.clean(fact.value)}</Text>
              </View>
            ) : (
              <CertRow key={fact.term} term={fact.term} value={fact.value} model={model} hash={fact.kind === 'code'} />
            ),
          )}
        </View>
      ))}
    </>
  );
}

/** "1. Dana Reyes, CEO (sender)": a signature's number, name, role when given, and whether the sender gave it. */
function signerHeading(
  i18n: I18n,
  index: number,
  g: Pick<TAcceptanceCertificate['signatures'][number], 'name' | 'role' | 'party'>,
): string {
  const { name, role } = g;
  if (g.party === 'owner') {
    return role
      ? i18n._('{index}. {name}, {role} (sender)', { index, name, role })
      : i18n._('{index}. {name} (sender)', { index, name });
  }
  return role ? i18n._('{index}. {name}, {role}', { index, name, role }) : i18n._('{index}. {name}', { index, name });
}

/** An option's line on the certificate: "Hosting: Included, quantity 3 months". */
function optionValue(
  i18n: I18n,
  item: string,
  status: 'package' | 'included' | 'excluded',
  quantity: string | null,
): string {
  if (status === 'excluded') return i18n._('{item}: Not included', { item });
  if (status === 'package') {
    return quantity === null
      ? i18n._('{item}: Chosen package', { item })
      : i18n._('{item}: Chosen package, quantity {quantity}', { item, quantity });
  }
  return quantity === null
    ? i18n._('{item}: Included', { item })
    : i18n._('{item}: Included, quantity {quantity}', { item, quantity });
}

/** The client's choices, table by table: what they took of everything they could choose. */
function selectedOptions(certificate: TAcceptanceCertificate, model: TPdfModel): ReactElement[] {
  const { i18n } = model;
  const tables = model.snapshot.document.blocks.filter((b): b is TPricingTable => b.type === 'pricing_table');
  const rows: { key: string; term: string; value: string }[] = [];
  for (const table of tables) {
    for (const line of table.lines) {
      const selectable = table.kind === 'choice' || line.optional;
      const ranged = Boolean(line.quantityRange);
      if (!selectable && !ranged) continue;
      const { included, quantity } = lineChoice(table, line, certificate.selection);
      if (table.kind === 'choice' && !included) continue;
      const status = table.kind === 'choice' ? 'package' : !selectable || included ? 'included' : 'excluded';
      const amount =
        included && ranged ? `${formatQuantity(quantity)} ${unitLabel(line.unit, quantity)}`.trimEnd() : null;
      rows.push({
        key: line.id,
        term: table.title.trim() || (table.kind === 'choice' ? i18n._('Package') : i18n._('Option')),
        value: optionValue(i18n, line.description.trim() || i18n._('Item'), status, amount),
      });
    }
  }
  if (rows.length === 0) {
    return [
      <CertRow
        key="none"
        term={i18n._('Options')}
        value={i18n._('This proposal has no options to choose.')}
        model={model}
      />,
    ];
  }
  return rows.map((row) => <CertRow key={row.key} term={row.term} value={row.value} model={model} />);
}

/**
 * How to check the certificate, with the /verify address as a link: the sentence is one message,
 * the address its markup (`<0>`), so a language puts it where its word order needs.
 */
function VerifyLine({ url, model }: { url: string; model: TPdfModel }) {
  const sentence = model.i18n._(
    'Anyone can check it: scan the code, or open <0>{address}</0> and enter the revision hash below.',
    { address: url.replace(/\?.*$/, '') },
  );
  const parts = /^([\s\S]*)<0>([\s\S]*)<\/0>([\s\S]*)$/.exec(sentence);
  if (!parts) return <Text style={[s.verifyLine, textDir(model, sentence)]}>{model.clean(sentence)}</Text>;
  return (
    <Text style={[s.verifyLine, textDir(model, sentence)]}>
      {model.clean(parts[1]!)}
      <Link src={url} style={{ color: model.accent }}>
        {model.clean(parts[2]!)}
      </Link>
      {model.clean(parts[3]!)}
    </Text>
  );
}

/** The last page of an accepted proposal: who accepted what, when, and the evidence. */
export function CertificatePage({ certificate, model }: { certificate: TAcceptanceCertificate; model: TPdfModel }) {
  const { i18n } = model;
  const tables = model.snapshot.document.blocks.filter((b): b is TPricingTable => b.type === 'pricing_table');
  const kinds = kindsToTotal(tables, certificate.selection);
  const sender = [certificate.senderName, certificate.senderCompany]
    .map((v) => v.trim())
    .filter(Boolean)
    .join(', ');
  const options = selectedOptions(certificate, model);
  const short = options.length <= CERTIFICATE_TAIL_ROWS;
  const intro = i18n._(
    'This certificate records the electronic acceptance of the proposal “{title}” (revision {revision}). Draftwell recorded these details at the moment of acceptance.',
    { title: certificate.proposalTitle, revision: certificate.revisionNumber },
  );
  const optionsTitle = (
    <Text style={[s.certSection, textDir(model)]} minPresenceAhead={60}>
      {i18n._('Selected options')}
    </Text>
  );
  return (
    <Page
      size="A4"
      style={[base.page, { fontFamily: model.fonts.body }]}
      bookmark={i18n._('Certificate of acceptance')}
    >
      <View style={[base.bar, { backgroundColor: model.brand }]} fixed />
      <View style={base.flow}>
        <View style={[s.head, rowDir(model)]}>
          <View style={mirror(model, s.headText)}>
            <Text style={[base.kicker, { color: model.accent }, valueDir(model, certificate.proposalNumber)]}>
              {model.clean(certificate.proposalNumber)}
            </Text>
            <Text style={[s.certTitle, textDir(model)]}>{i18n._('Certificate of acceptance')}</Text>
            <Text style={[s.certIntro, textDir(model, intro)]}>{model.clean(intro)}</Text>
            {model.verifyUrl ? <VerifyLine url={model.verifyUrl} model={model} /> : null}
          </View>
          {model.verifyUrl ? <VerifyQr url={model.verifyUrl} caption={model.i18n._('Scan to verify')} /> : null}
        </View>
        <CertRow
          term={i18n._('Proposal')}
          value={`${certificate.proposalNumber} · ${certificate.proposalTitle}`}
          model={model}
        />
        <CertRow term={i18n._('From')} value={sender} model={model} />
        <CertRow term={i18n._('Accepted by')} value={certificate.name} model={model} />
        <CertRow
          term={i18n._('Accepted at')}
          value={formatUtcInstant(certificate.acceptedAt, model.context.locale)}
          model={model}
        />
        <CertRow term={i18n._('Revision')} value={String(certificate.revisionNumber)} model={model} />
        <CertRow term={i18n._('Revision hash (SHA-256)')} value={certificate.revisionHash} model={model} hash />
        <CertRow term={i18n._('Certificate id')} value={certificate.id} model={model} />
        <Signatures certificate={certificate} model={model} />

        {short ? null : optionsTitle}
        {short ? null : options.slice(0, -CERTIFICATE_TAIL_ROWS)}
        {/* The end of the certificate stays together, so a page it runs onto never holds only
            a line or two of it: its last option rows (all of them, when few) and the totals. */}
        <View wrap={false}>
          {short ? optionsTitle : null}
          {short ? options : options.slice(-CERTIFICATE_TAIL_ROWS)}
          <Text style={[s.certSection, textDir(model)]}>{i18n._('Totals')}</Text>
          <View style={[base.totals, model.rtl ? { marginRight: 0 } : { marginLeft: 0 }, { width: 260 }]}>
            <TotalsList
              totals={certificate.totals}
              kinds={kinds.length > 0 ? kinds : ['one_off']}
              currency={certificate.currency}
              model={model}
              nameKinds={kinds.some((kind) => kind !== 'one_off')}
            />
          </View>
        </View>
      </View>
      <Footer model={model} />
    </Page>
  );
}
