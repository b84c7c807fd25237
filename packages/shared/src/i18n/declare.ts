/**
 * A message declared where no reader's I18n exists yet (a zod schema's messages, read by the
 * server and the browser alike): `import { declared as i18n } from '../i18n/declare'`, then
 * `i18n._('Enter your email address.')`. It returns the English unchanged, so the schema still
 * speaks English (the API's answers, the tests), while `lingui extract`, which finds `i18n._('…')`
 * on any identifier named `i18n`, puts the English into the catalogs; where the message is shown,
 * the web translates it by its English (apps/web/src/lib/translated.ts).
 *
 * Only a plain message can be declared so: one with a value in it (a length, a list) has no
 * catalog entry to match, and stays English or is written whole where it is shown.
 */
export const declared = {
  _<const T extends string>(id: T): T {
    return id;
  },
};
