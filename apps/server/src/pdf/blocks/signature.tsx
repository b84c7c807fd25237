/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import { signatureParties, type TSigner } from '@draftwell/shared/document/display';
import type { TSignatureBlock } from '@draftwell/shared/document/schema';
import type { TPdfModel } from './model';
import { SignatureMarkPdf } from './signature-mark';
import { FAINT, MUTED, RULE, TINT, base, deepLine, proseDir, rowDir, textDir, type, valueDir } from './styles';

const s = StyleSheet.create({
  signatures: { ...type(10.5, 1.45), flexDirection: 'row', marginBottom: 18 },
  signer: { flex: 1, borderWidth: 0.75, borderColor: RULE, borderRadius: 4, padding: 12 },
  signerGap: { width: 14 },
  signLine: { marginTop: 34, borderBottomWidth: 0.75, borderBottomColor: FAINT, borderBottomStyle: 'dashed' },
  signCaption: { ...type(7.5, 1.3), color: MUTED, marginTop: 2, marginBottom: 8 },
  accepted: { marginTop: 10, marginBottom: 8, padding: 8, backgroundColor: TINT, ...type(9.5, 1.4) },
  kv: { flexDirection: 'row', ...type(9.5, 1.4), marginBottom: 1 },
  kvTerm: { width: 40, color: MUTED },
  kvValue: { flex: 1 },
  writeOn: { borderBottomWidth: 0.75, borderBottomColor: FAINT, borderBottomStyle: 'dashed', marginBottom: 3 },
});

/**
 * A labelled value; a blank one is a line to write on when `blank`, else left out. A `name` (a
 * person's, a role) is in the proposal's direction, as on the client's page; a date in its own.
 */
function Kv({
  term,
  value,
  model,
  blank,
  name,
}: {
  term: string;
  value: string;
  model: TPdfModel;
  blank?: boolean;
  name?: boolean;
}) {
  if (!value.trim() && !blank) return null;
  return (
    <View style={[s.kv, rowDir(model)]}>
      <Text style={[s.kvTerm, textDir(model)]}>{term}</Text>
      {value.trim() ? (
        <Text style={[s.kvValue, name ? proseDir(model) : valueDir(model, value)]}>{model.clean(value)}</Text>
      ) : (
        <View style={[s.kvValue, s.writeOn]} />
      )}
    </View>
  );
}

function SignatureBox({ signer, model }: { signer: TSigner; model: TPdfModel }) {
  const { accepted } = signer;
  const { i18n } = model;
  const note = i18n._('Electronic signature: see the certificate of acceptance.');
  const caption = i18n._('Signature');
  return (
    <View style={s.signer}>
      <Text style={[base.kicker, { color: model.accent }, proseDir(model)]}>{model.clean(signer.label)}</Text>
      {accepted ? (
        <View style={[s.accepted, model.rtl ? { alignItems: 'flex-end' } : {}]}>
          {signer.mark ? <SignatureMarkPdf mark={signer.mark} model={model} width={160} height={44} /> : null}
          <Text style={[{ fontWeight: 'bold' }, deepLine(accepted.by, 9.5, 1.4), textDir(model, accepted.by)]}>
            {model.clean(accepted.by)}
          </Text>
          <Text style={[deepLine(accepted.on, 9.5, 1.4), textDir(model, accepted.on)]}>{accepted.on}</Text>
          <Text style={[{ ...type(8, 1.35), color: MUTED }, deepLine(note, 8, 1.35), textDir(model, note)]}>
            {note}
          </Text>
        </View>
      ) : (
        <>
          <View style={s.signLine} />
          <Text style={[s.signCaption, deepLine(caption, 7.5, 1.3), textDir(model)]}>{caption}</Text>
        </>
      )}
      <Kv term={i18n._('Name')} value={signer.name} model={model} name />
      <Kv term={i18n._('Role')} value={signer.role} model={model} name />
      <Kv term={i18n._('Date')} value={accepted?.date ?? ''} model={model} blank />
    </View>
  );
}

/** The sender's box and each client signer's, two to a row. */
export function SignaturePdf({ block, model }: { block: TSignatureBlock; model: TPdfModel }) {
  const parties = signatureParties(model.i18n, block, model.context, model.certificate);
  const boxes = [parties.sender, ...parties.clients];
  const rows: TSigner[][] = [];
  for (let i = 0; i < boxes.length; i += 2) rows.push(boxes.slice(i, i + 2));
  return (
    <View>
      {rows.map((row, i) => (
        <View key={i} style={[s.signatures, rowDir(model)]} wrap={false}>
          <SignatureBox signer={row[0]!} model={model} />
          <View style={s.signerGap} />
          {row[1] ? <SignatureBox signer={row[1]} model={model} /> : <View style={{ flex: 1 }} />}
        </View>
      ))}
    </View>
  );
}
