import { useLingui } from '@lingui/react';
import type { TContactMessage } from '@draftwell/shared/contact';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { FormError } from '@/components/form/form-error';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/http';
import { useLightForm } from '@/lib/light-form';
import { showToast } from '@/lib/light-toast';
import { useHydrated } from '@/lib/use-hydrated';
import { sendContactMessage } from '../api/send-contact-message';

const FIELDS = ['name', 'email', 'message'] as const satisfies readonly (keyof TContactMessage)[];

/** The form's schema (contact-schema.ts), loaded when the form is first used (lib/light-form.ts), zod with it. */
const loadContactSchema = (i18n: I18n) => async () => (await import('../contact-schema')).contactSchema(i18n);

/** What the form says when the server refused a message for coming too soon after others. */
function tooManyText(i18n: I18n, seconds: number | undefined): string {
  if (!seconds) {
    return i18n._(
      'You have sent several messages in a short time, so this one was not sent. Please try again later. Your text is still here.',
    );
  }
  if (seconds < 90) {
    return i18n._(
      'You have sent several messages in a short time, so this one was not sent. Please try again in {count, plural, one {# second} other {# seconds}}. Your text is still here.',
      { count: seconds },
    );
  }
  return i18n._(
    'You have sent several messages in a short time, so this one was not sent. Please try again in about {count, plural, one {# minute} other {# minutes}}. Your text is still here.',
    { count: Math.ceil(seconds / 60) },
  );
}

export function ContactForm() {
  const { i18n } = useLingui();
  const hydrated = useHydrated();
  const form = useLightForm(loadContactSchema(i18n), async (values, { setError, reset }) => {
    try {
      await sendContactMessage(values);
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) {
        setError('root', tooManyText(i18n, err.retryAfter));
        return;
      }
      // The server checks the same schema; its word per field goes beside that field.
      const fieldErrors = err instanceof ApiError ? FIELDS.filter((f) => err.fields[f]) : [];
      if (err instanceof ApiError && fieldErrors.length > 0) {
        // The first one is set last, so that it is the one focused.
        for (const field of [...fieldErrors].reverse()) setError(field, err.fields[field]!);
        return;
      }
      setError('root', err instanceof Error ? err.message : i18n._('Your message could not be sent. Try again.'));
      return;
    }
    showToast({
      type: 'success',
      title: i18n._('Message sent'),
      description: i18n._('Thanks, {name}. We will reply to {email} within two working days.', {
        name: values.name,
        email: values.email,
      }),
    });
    reset();
  });
  const { errors } = form;

  return (
    <form {...form.formProps} className="grid gap-5" aria-label={i18n._('Contact us')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={i18n._('Name')} error={errors.name}>
          <Input name="name" autoComplete="name" />
        </FormField>
        <FormField label={i18n._('Email')} error={errors.email}>
          <Input name="email" type="email" autoComplete="email" />
        </FormField>
      </div>
      <FormField
        label={i18n._('Message')}
        error={errors.message}
        hint={i18n._(
          'What you need, and anything that helps us answer: your plan, the page, what you expected to happen.',
        )}
      >
        <Textarea name="message" rows={7} />
      </FormField>
      <FormError message={errors.root} />
      <div>
        {/* Prerendered: until the page is hydrated a press would submit the form natively, losing it. */}
        <Button type="submit" disabled={form.submitting || !hydrated} className="w-full sm:w-auto">
          {form.submitting ? i18n._('Sending…') : i18n._('Send message')}
        </Button>
      </div>
    </form>
  );
}
