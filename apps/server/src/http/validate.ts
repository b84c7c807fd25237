import { zValidator } from '@hono/zod-validator';
import { hasLoneSurrogate } from '@draftwell/shared/text';
import type { z } from 'zod';
import { AppError } from '../lib/app-error';

/** Field errors keyed by the dotted path of the field, one message each. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.join('.') || '_';
    if (key in fields) continue;
    fields[key] =
      issue.code === 'unrecognized_keys'
        ? `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`
        : issue.message;
  }
  return fields;
}

const NUL_MESSAGE = 'Remove the invisible NUL character.';
const BROKEN_CHARACTER_MESSAGE =
  'This text has half of a character in it (a cut emoji or symbol). Delete it and type it again.';

/** Why PostgreSQL cannot store this text, or null when it can. */
function textProblem(text: string): string | null {
  if (text.includes('\0')) return NUL_MESSAGE;
  if (hasLoneSurrogate(text)) return BROKEN_CHARACTER_MESSAGE;
  return null;
}

/**
 * Fields whose text PostgreSQL cannot store: U+0000, which text cannot hold, and lone UTF-16
 * surrogates (half of an emoji, sent as `"\ud83d"` in JSON), which have no UTF-8 form: JSON
 * columns refuse them and text columns would keep a replacement character instead. Keys are
 * checked as well as values: a document keeps the keys it is given. Iterative: a body may be
 * nested thousands of levels deep.
 */
export function unstorableTextFields(value: unknown): Record<string, string> {
  // Nearly every body has no such text: find that out without naming every field's path (an
  // autosaved document has hundreds of them, P4), and name them only when there is one to name.
  if (!mayHoldUnstorableText(value)) return {};
  const out: Record<string, string> = {};
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) out[path || '_'] = problem;
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const keyProblem = textProblem(k);
        // The key itself is broken: the error names the object that holds it.
        if (keyProblem) out[path || '_'] = keyProblem;
        else stack.push([child, path ? `${path}.${k}` : k]);
      }
    }
  }
  return out;
}

/** Every text that PostgreSQL cannot store holds U+0000 or a surrogate; most text holds neither. */
const SUSPECT = /[\0\uD800-\uDFFF]/;

/** Whether any string or key in `value` holds a character `textProblem` might refuse. */
function mayHoldUnstorableText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (SUSPECT.test(v)) return true;
    } else if (v !== null && typeof v === 'object') {
      for (const k of Object.keys(v)) {
        if (SUSPECT.test(k)) return true;
        stack.push((v as Record<string, unknown>)[k]);
      }
    }
  }
  return false;
}

/**
 * Validates a JSON body with a shared schema (typed for the RPC client). Malformed JSON is a
 * 400 from Hono's validator; a failed schema is a 400 with a message per field.
 */
export const validJson = <S extends z.ZodType>(schema: S) =>
  zValidator('json', schema, (result) => {
    if (!result.success) {
      throw new AppError('invalid', 'Some fields need attention.', {
        fields: fieldErrors(result.error.issues as z.core.$ZodIssue[]),
      });
    }
    const text = unstorableTextFields(result.data);
    if (Object.keys(text).length > 0) throw new AppError('invalid', 'Some fields need attention.', { fields: text });
  });

/** Query parameters checked like bodies: a 400 with a message per parameter, unstorable text refused. */
export const validQuery = <S extends z.ZodType>(schema: S) =>
  zValidator('query', schema, (result) => {
    if (!result.success) {
      throw new AppError('invalid', 'Some parameters need attention.', {
        fields: fieldErrors(result.error.issues as z.core.$ZodIssue[]),
      });
    }
    const text = unstorableTextFields(result.data);
    if (Object.keys(text).length > 0) {
      throw new AppError('invalid', 'Some parameters need attention.', { fields: text });
    }
  });
