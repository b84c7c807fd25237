import { z } from 'zod';
import { ZEmail } from './auth';
import { declared as i18n } from './i18n/declare';

export const ZContactMessage = z.strictObject({
  name: z.string().trim().min(1, i18n._('Enter your name.')).max(100, i18n._('Use at most 100 characters.')),
  email: ZEmail,
  message: z
    .string()
    .trim()
    .min(10, i18n._('Tell us a little more: at least 10 characters.'))
    .max(5000, i18n._('Keep it under 5,000 characters.')),
});
export type TContactMessage = z.infer<typeof ZContactMessage>;
