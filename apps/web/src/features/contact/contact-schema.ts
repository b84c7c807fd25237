import '@/lib/zod-jitless';
import { z } from 'zod';
import { ZContactMessage } from '@draftwell/shared/contact';
import type { I18n } from '@draftwell/shared/i18n/i18n';

/**
 * What the contact form checks before it is sent: the server's schema's rules (ZContactMessage,
 * whose lengths are read from it), with the messages in the reader's language. Loaded on first use
 * (contact-form.tsx), zod with it.
 */
export function contactSchema(i18n: I18n) {
  const shape = ZContactMessage.shape;
  const nameMax = shape.name.maxLength ?? 100;
  const emailMax = shape.email.maxLength ?? 254;
  const messageMin = shape.message.minLength ?? 10;
  const messageMax = shape.message.maxLength ?? 5000;
  return z.strictObject({
    name: z
      .string()
      .trim()
      .min(1, i18n._('Enter your name.'))
      .max(nameMax, i18n._('Use at most {count, plural, one {# character} other {# characters}}.', { count: nameMax })),
    email: z
      .string()
      .trim()
      .min(1, i18n._('Enter your email address.'))
      .max(emailMax, i18n._('That email address is too long.'))
      .email(i18n._('Enter a valid email address, like name@example.com.')),
    message: z
      .string()
      .trim()
      .min(
        messageMin,
        i18n._('Tell us a little more: at least {count, plural, one {# character} other {# characters}}.', {
          count: messageMin,
        }),
      )
      .max(
        messageMax,
        i18n._('Keep it under {count, plural, one {# character} other {# characters}}.', { count: messageMax }),
      ),
  });
}
