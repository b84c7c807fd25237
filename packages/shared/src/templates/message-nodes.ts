import type { TInlineNode } from '../document/schema';
import { VARIABLES, type TVariableName } from '../document/variable-names';

/**
 * A translated message as a document's inline nodes. The message stays one whole sentence (or
 * paragraph) in every language, its placeholders where the language puts them:
 * - `<0>…</0>` is bold (a run-in heading: `'<0>Discovery.</0> We start with a workshop…'`);
 * - a variable's token (`variableToken('client.name')`) given as a placeholder's value becomes that
 *   variable's node (`i18n._('Dear {clientName},', { clientName: CLIENT_NAME })`);
 * - a value handed through `slot` (messageNodes) stands where its placeholder is, as text or a
 *   node, outside the message's markup: a user's text with a `<0>` in it stays text.
 */

const OPEN = '\uE000';
const CLOSE = '\uE001';
const TOKEN = /<0>|<\/0>|\uE000([^\uE000\uE001]*)\uE001/gu;
const IS_VARIABLE = new Set<string>(VARIABLES);

/** A variable's stand-in, for a placeholder's value: it becomes the variable's node. */
export const variableToken = (name: TVariableName): string => `${OPEN}${name}${CLOSE}`;

export const CLIENT_NAME = variableToken('client.name');
export const CLIENT_COMPANY = variableToken('client.company');
export const SENDER_NAME = variableToken('sender.name');
export const SENDER_COMPANY = variableToken('sender.company');
export const VALID_UNTIL = variableToken('proposal.valid_until');

export type TSlotValue = string | TInlineNode;
export type TSlot = (value: TSlotValue) => string;

const BOLD = [{ type: 'bold' as const }];

function parse(text: string, slots: readonly TSlotValue[]): TInlineNode[] {
  const out: TInlineNode[] = [];
  let bold = false;
  const addText = (s: string) => {
    if (s === '') return;
    const last = out.at(-1);
    if (last?.type === 'text' && (last.marks !== undefined) === bold) {
      out[out.length - 1] = { ...last, text: last.text + s };
    } else {
      out.push(bold ? { type: 'text', text: s, marks: BOLD } : { type: 'text', text: s });
    }
  };
  let at = 0;
  for (const match of text.matchAll(TOKEN)) {
    addText(text.slice(at, match.index));
    at = match.index + match[0].length;
    const inner = match[1];
    if (inner === undefined) {
      bold = match[0] === '<0>';
    } else if (/^\d+$/.test(inner)) {
      const value = slots[Number(inner)];
      if (typeof value === 'string') addText(value);
      else if (value) out.push(value);
    } else if (IS_VARIABLE.has(inner)) {
      out.push({ type: 'variable', attrs: { name: inner as TVariableName } });
    }
  }
  addText(text.slice(at));
  return out;
}

/** A message (already translated, its variables given as tokens) as inline nodes. */
export function rich(message: string): TInlineNode[] {
  return parse(message, []);
}

/**
 * A message whose placeholders take values of any kind, written by `write` with a `slot` for
 * each: `messageNodes((slot) => i18n._('<0>{title}.</0> {text}', { title: slot(title), text: slot(text) }))`.
 */
export function messageNodes(write: (slot: TSlot) => string): TInlineNode[] {
  const slots: TSlotValue[] = [];
  const text = write((value) => {
    slots.push(value);
    return `${OPEN}${slots.length - 1}${CLOSE}`;
  });
  return parse(text, slots);
}
