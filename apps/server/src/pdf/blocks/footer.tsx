/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import { shortHash } from '../pdf-format';
import type { TPdfModel } from './model';
import { MARGIN_X, MUTED, RULE, fitDir, ltrValue, rowDir, textDir } from './styles';

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
  const { snapshot, revision, clean, i18n } = model;
  // Laid out in the proposal's direction (the line starts with the number, Latin, but is read as
  // the label's language), its values each kept in their own order (ltrValue).
  const ref = clean(
    i18n._('{number} · Revision {revision} · {hash}', {
      number: ltrValue(model, snapshot.number),
      revision: ltrValue(model, revision.number),
      hash: ltrValue(model, shortHash(revision.hash)),
    }),
  );
  const madeWith = i18n._('Made with Draftwell');
  const fullHash = clean(i18n._('Revision hash (SHA-256): {hash}', { hash: revision.hash }));
  return (
    <View style={s.footer} fixed>
      <View style={[s.footerRow, rowDir(model)]}>
        <Text style={fitDir(model)}>{ref}</Text>
        {model.showMadeWithFooter ? <Text style={fitDir(model, madeWith)}>{madeWith}</Text> : null}
        <Text
          style={fitDir(model, i18n._('Page {pageNumber} of {totalPages}', { pageNumber: 1, totalPages: 1 }))}
          render={({ pageNumber, totalPages }) =>
            i18n._('Page {pageNumber} of {totalPages}', { pageNumber, totalPages })
          }
        />
      </View>
      <Text
        style={[s.footerHash, textDir(model, fullHash)]}
        render={({ pageNumber, totalPages }) => (pageNumber === totalPages ? fullHash : ' ')}
      />
    </View>
  );
}
