/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import { shortHash } from '../pdf-format';
import type { TPdfModel } from './model';
import { MARGIN_X, MUTED, RULE } from './styles';

const s = StyleSheet.create({
  footer: { position: 'absolute', left: MARGIN_X, right: MARGIN_X, bottom: 26, fontSize: 7.5, color: MUTED },
  footerRow: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    borderTopWidth: 0.5,
    borderTopColor: RULE,
    paddingTop: 6,
  },
  footerHash: { marginTop: 3, fontSize: 7, color: MUTED },
});

export function Footer({ model }: { model: TPdfModel }) {
  const { snapshot, revision, clean } = model;
  const ref = clean(`${snapshot.number} · Revision ${revision.number} · ${shortHash(revision.hash)}`);
  const fullHash = clean(`Revision hash (SHA-256): ${revision.hash}`);
  return (
    <View style={s.footer} fixed>
      <View style={s.footerRow}>
        <Text>{ref}</Text>
        {model.showMadeWithFooter ? <Text>Made with Draftwell</Text> : null}
        <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
      </View>
      <Text
        style={s.footerHash}
        render={({ pageNumber, totalPages }) => (pageNumber === totalPages ? fullHash : ' ')}
      />
    </View>
  );
}
