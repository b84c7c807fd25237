import type { TDocument, TPricingSelection, TPricingTable } from '@draftwell/shared/document/schema';

/**
 * The client's choices (options ticked, quantities, packages) kept on their device until they
 * answer, so a reload or a closed tab loses nothing. One entry per proposal and revision: a new
 * revision's lines may differ, so it starts from the sender's defaults.
 *
 * What is read back came from outside this page's control (another version of the app, an
 * extension, a person with the developer tools), so it is checked against the revision's own
 * lines, by hand: the client's page does not load zod (QUALITY P8, decision 0006).
 */

const PREFIX = 'draftwell:choices:';

const proposalPrefix = (proposalId: string) => `${PREFIX}${proposalId}:`;

export const choicesKey = (proposalId: string, revisionHash: string) => `${proposalPrefix(proposalId)}${revisionHash}`;

/** localStorage, or null where the browser refuses it (storage disabled, some private modes). */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const tablesOf = (document: TDocument) =>
  document.blocks.filter((block): block is TPricingTable => block.type === 'pricing_table');

/**
 * Of `raw`, what the client could have chosen on these lines: a tick for an optional line or a
 * package, a whole number of thousandths within a line's range. Everything else is dropped, as is
 * every package pick of a choice group that would not leave exactly one package chosen.
 */
export function fitChoices(document: TDocument, raw: unknown): TPricingSelection {
  if (!isRecord(raw)) return {};
  const out: TPricingSelection = {};
  for (const table of tablesOf(document)) {
    const picks: TPricingSelection = {};
    for (const line of table.lines) {
      const stored = Object.hasOwn(raw, line.id) ? raw[line.id] : undefined;
      if (!isRecord(stored)) continue;
      const choice: { selected?: boolean; quantity?: number } = {};
      const selectable = table.kind === 'choice' || line.optional;
      if (selectable && typeof stored.selected === 'boolean') choice.selected = stored.selected;
      const range = line.quantityRange;
      const quantity = stored.quantity;
      if (
        range &&
        range.min !== range.max &&
        typeof quantity === 'number' &&
        Number.isSafeInteger(quantity) &&
        quantity >= range.min &&
        quantity <= range.max
      ) {
        choice.quantity = quantity;
      }
      if (choice.selected !== undefined || choice.quantity !== undefined) picks[line.id] = choice;
    }
    if (table.kind === 'choice') {
      const chosen = table.lines.filter((line) => picks[line.id]?.selected ?? line.selected).length;
      if (chosen !== 1) {
        for (const line of table.lines) {
          const { selected: _dropped, ...rest } = picks[line.id] ?? {};
          if (rest.quantity === undefined) delete picks[line.id];
          else picks[line.id] = rest;
        }
      }
    }
    Object.assign(out, picks);
  }
  return out;
}

/** The choices kept for this revision, fitted to its lines; none when nothing (usable) is kept. */
export function loadChoices(proposalId: string, revisionHash: string, document: TDocument): TPricingSelection {
  try {
    const text = storage()?.getItem(choicesKey(proposalId, revisionHash));
    return text ? fitChoices(document, JSON.parse(text)) : {};
  } catch {
    return {};
  }
}

/**
 * Keeps the choices of this revision (none kept when there are none). A full or refused storage
 * only means they are not kept: the page goes on with them in memory.
 */
export function saveChoices(proposalId: string, revisionHash: string, selection: TPricingSelection): void {
  const store = storage();
  const key = choicesKey(proposalId, revisionHash);
  try {
    if (Object.keys(selection).length === 0) store?.removeItem(key);
    else store?.setItem(key, JSON.stringify(selection));
  } catch {
    // Quota exceeded or storage refused: nothing to do but keep them in memory.
  }
}

/** Forgets the proposal's kept choices, all of them or all but those of revision `keep`. */
export function clearChoices(proposalId: string, keep?: string): void {
  const store = storage();
  if (!store) return;
  try {
    const prefix = proposalPrefix(proposalId);
    const stale: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(prefix) && (keep === undefined || key !== choicesKey(proposalId, keep))) stale.push(key);
    }
    for (const key of stale) store.removeItem(key);
  } catch {
    // Storage refused: there is nothing kept to forget.
  }
}
