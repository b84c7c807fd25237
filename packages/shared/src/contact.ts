import { z } from 'zod';
import { ZEmail } from './auth';

export const ZContactMessage = z.strictObject({
  name: z.string().trim().min(1, 'Enter your name.').max(100, 'Use at most 100 characters.'),
  email: ZEmail,
  message: z
    .string()
    .trim()
    .min(10, 'Tell us a little more: at least 10 characters.')
    .max(5000, 'Keep it under 5,000 characters.'),
});
export type TContactMessage = z.infer<typeof ZContactMessage>;
