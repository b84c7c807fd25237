import { zValidator } from '@hono/zod-validator';
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

/**
 * Fields whose text holds U+0000, which PostgreSQL text cannot store or compare. Iterative:
 * a body may be nested thousands of levels deep.
 */
export function nulFields(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\0')) out[path || '_'] = 'Remove the invisible NUL character.';
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) stack.push([child, path ? `${path}.${k}` : k]);
    }
  }
  return out;
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
    const nul = nulFields(result.data);
    if (Object.keys(nul).length > 0) throw new AppError('invalid', 'Some fields need attention.', { fields: nul });
  });

/** Query parameters checked like bodies: a 400 with a message per parameter, NUL refused. */
export const validQuery = <S extends z.ZodType>(schema: S) =>
  zValidator('query', schema, (result) => {
    if (!result.success) {
      throw new AppError('invalid', 'Some parameters need attention.', {
        fields: fieldErrors(result.error.issues as z.core.$ZodIssue[]),
      });
    }
    const nul = nulFields(result.data);
    if (Object.keys(nul).length > 0) throw new AppError('invalid', 'Some parameters need attention.', { fields: nul });
  });
