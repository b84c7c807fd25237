import { isVariableName, resolveVariable, type TDocumentContext } from '@draftwell/shared/document/variables';

const VARIABLE = /\{\{([a-z_.]+)\}\}/g;

/**
 * The diff's plain text writes variables as {{client.name}}; the client reads what they stand
 * for, as in the proposal itself. One that has no value stays as written.
 */
export function fillVariables(text: string, context: TDocumentContext): string {
  return text.replace(VARIABLE, (raw, name: string) =>
    isVariableName(name) ? (resolveVariable(name, context) ?? raw) : raw,
  );
}
