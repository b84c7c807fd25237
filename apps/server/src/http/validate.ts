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
  });
