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
import type { ReactElement } from 'react';
import { Footer } from './footer';
import type { TPdfModel } from './model';
import { TotalsList } from './pricing-table';
import { SignatureMarkPdf } from './signature-mark';
import { VerifyQr } from './verify-qr';
import { MUTED, RULE, TINT, base, type } from './styles';

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
    <View style={s.certRow} wrap={false}>
      <Text style={s.certTerm}>{term}</Text>
      <Text style={hash ? s.certHash : s.certValue}>{model.clean(value.trim() || '—')}</Text>
    </View>
  );
}

/**
 * Every signature in the order given: who, in what role, the mark, and their own evidence (when,
 * from which address and browser, the statement they agreed to), worded as on the web.
 */
function Signatures({ certificate, model }: { certificate: TAcceptanceCertificate; model: TPdfModel }) {
  return (
    <>
      <Text style={s.certSection} minPresenceAhead={80}>
        {certificate.signatures.length === 1 ? 'Signature' : 'Signatures'}
      </Text>
      {certificate.signatures.map((g, i) => (
        <View key={g.id} style={s.signature} wrap={false}>
          <Text style={s.signatureHead}>
            {model.clean(`${i + 1}. ${g.name}${g.role ? `, ${g.role}` : ''}${g.party === 'owner' ? ' (sender)' : ''}`)}
          </Text>
          {g.mark ? (
            <View style={s.mark}>
              <SignatureMarkPdf mark={g.mark} model={model} width={180} height={48} />
            </View>
          ) : null}
          {signatureFacts(g, model.context.locale).map((fact) =>
            fact.kind === 'quote' ? (
              <View key={fact.term} style={s.certRow}>
                <Text style={s.certTerm}>{fact.term}</Text>
                <Text style={s.consent}>{model.clean(fact.value)}</Text>
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

/** The client's choices, table by table: what they took of everything they could choose. */
function selectedOptions(certificate: TAcceptanceCertificate, model: TPdfModel): ReactElement[] {
  const tables = model.snapshot.document.blocks.filter((b): b is TPricingTable => b.type === 'pricing_table');
  const rows: { key: string; term: string; value: string }[] = [];
  for (const table of tables) {
    for (const line of table.lines) {
      const selectable = table.kind === 'choice' || line.optional;
      const ranged = Boolean(line.quantityRange);
      if (!selectable && !ranged) continue;
      const { included, quantity } = lineChoice(table, line, certificate.selection);
      if (table.kind === 'choice' && !included) continue;
      const status = table.kind === 'choice' ? 'Chosen package' : !selectable || included ? 'Included' : 'Not included';
      const amount =
        included && ranged ? `, quantity ${formatQuantity(quantity)} ${unitLabel(line.unit, quantity)}`.trimEnd() : '';
      rows.push({
        key: line.id,
        term: table.title.trim() || (table.kind === 'choice' ? 'Package' : 'Option'),
        value: `${line.description.trim() || 'Item'}: ${status}${amount}`,
      });
    }
  }
  if (rows.length === 0) {
    return [<CertRow key="none" term="Options" value="This proposal has no options to choose." model={model} />];
  }
  return rows.map((row) => <CertRow key={row.key} term={row.term} value={row.value} model={model} />);
}

/** The last page of an accepted proposal: who accepted what, when, and the evidence. */
export function CertificatePage({ certificate, model }: { certificate: TAcceptanceCertificate; model: TPdfModel }) {
  const tables = model.snapshot.document.blocks.filter((b): b is TPricingTable => b.type === 'pricing_table');
  const kinds = kindsToTotal(tables, certificate.selection);
  const sender = [certificate.senderName, certificate.senderCompany]
    .map((v) => v.trim())
    .filter(Boolean)
    .join(', ');
  const options = selectedOptions(certificate, model);
  const short = options.length <= CERTIFICATE_TAIL_ROWS;
  const optionsTitle = (
    <Text style={s.certSection} minPresenceAhead={60}>
      Selected options
    </Text>
  );
  return (
    <Page size="A4" style={[base.page, { fontFamily: model.fonts.body }]} bookmark="Certificate of acceptance">
      <View style={[base.bar, { backgroundColor: model.brand }]} fixed />
      <View style={base.flow}>
        <View style={s.head}>
          <View style={s.headText}>
            <Text style={[base.kicker, { color: model.accent }]}>{model.clean(certificate.proposalNumber)}</Text>
            <Text style={s.certTitle}>Certificate of acceptance</Text>
            <Text style={s.certIntro}>
              {model.clean(
                `This certificate records the electronic acceptance of the proposal "${certificate.proposalTitle}" ` +
                  `(revision ${certificate.revisionNumber}). Draftwell recorded these details at the moment of acceptance.`,
              )}
            </Text>
            {model.verifyUrl ? (
              <Text style={s.verifyLine}>
                Anyone can check it: scan the code, or open{' '}
                <Link src={model.verifyUrl} style={{ color: model.accent }}>
                  {model.clean(model.verifyUrl.replace(/\?.*$/, ''))}
                </Link>{' '}
                and enter the revision hash below.
              </Text>
            ) : null}
          </View>
          {model.verifyUrl ? <VerifyQr url={model.verifyUrl} /> : null}
        </View>
        <CertRow term="Proposal" value={`${certificate.proposalNumber} · ${certificate.proposalTitle}`} model={model} />
        <CertRow term="From" value={sender} model={model} />
        <CertRow term="Accepted by" value={certificate.name} model={model} />
        <CertRow
          term="Accepted at"
          value={formatUtcInstant(certificate.acceptedAt, model.context.locale)}
          model={model}
        />
        <CertRow term="Revision" value={String(certificate.revisionNumber)} model={model} />
        <CertRow term="Revision hash (SHA-256)" value={certificate.revisionHash} model={model} hash />
        <CertRow term="Certificate id" value={certificate.id} model={model} />
        <Signatures certificate={certificate} model={model} />

        {short ? null : optionsTitle}
        {short ? null : options.slice(0, -CERTIFICATE_TAIL_ROWS)}
        {/* The end of the certificate stays together, so a page it runs onto never holds only
            a line or two of it: its last option rows (all of them, when few) and the totals. */}
        <View wrap={false}>
          {short ? optionsTitle : null}
          {short ? options : options.slice(-CERTIFICATE_TAIL_ROWS)}
          <Text style={s.certSection}>Totals</Text>
          <View style={[base.totals, { marginLeft: 0, width: 260 }]}>
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
