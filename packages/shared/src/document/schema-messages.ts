import { declared as i18n } from '../i18n/declare';

/**
 * The document schema's refusals that carry a value (a limit, a count, a range), as templates:
 * `schema.ts` fills them (`fillMessage`), so the API answers in English with the values in place,
 * and the editor finds the template again in a save's refusal (`matchMessage`) to show it in the
 * owner's language. The plain refusals are declared where `schema.ts` writes them.
 *
 * Not here: the refusals only a hand-written request can cause (an unknown node type, two blocks
 * with one id), which name the API's own words and stay English.
 */
export const DOCUMENT_MESSAGES = {
  variableOneOf: i18n._('Use one of the variables: {list}.'),
  textNestedTooDeeply: i18n._('Text is nested too deeply: at most {max} levels.'),
  textTooManyParts: i18n._('This text has too many parts: at most {max}.'),
  textTooLong: i18n._('This text is too long: at most {max} characters.'),
  quantityAtMost: i18n._('Use a quantity of at most {max}.'),
  billingOneOf: i18n._('Billing is one of: {list}.'),
  quantityInRange: i18n._('The quantity must be from {min} to {max}, the range the client may choose in.'),
  linesAtMost: i18n._('Use at most {max} lines in a table.'),
  chooseOnePackage: i18n._('Choose exactly one package in a choice group; {count} are chosen.'),
  milestonesAtMost: i18n._('Use at most {max} milestones.'),
  blocksAtMost: i18n._('Use at most {max} blocks.'),
  documentTooLong: i18n._('The text is too long: at most {max} characters in all.'),
} as const;
