/**
 * A message's key in the compiled catalogs (scripts/catalogs.mjs writes them, `createI18n` looks
 * them up): FNV-1a of its English text, 32 bits, in base 36, about 7 characters where the English
 * averages 45, so no language's chunk carries the English beside its own words (QUALITY P8). The
 * compile refuses two messages with one key; scripts/catalogs.mjs has the same function, and
 * message-key.test.ts checks the two agree.
 */
export function messageKey(id: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
