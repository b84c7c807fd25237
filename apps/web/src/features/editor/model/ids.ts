/** A fresh id for a block, line or milestone: the schema allows letters, digits, - and _. */
export function newId(): string {
  return crypto.randomUUID();
}
