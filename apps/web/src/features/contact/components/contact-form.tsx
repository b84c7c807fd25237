import type { TContactMessage } from '@draftwell/shared/contact';
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

/** The server's schema, loaded when the form is first used (lib/light-form.ts), zod with it. */
async function loadContactSchema() {
  await import('@/lib/zod-jitless');
  return (await import('@draftwell/shared/contact')).ZContactMessage;
}

function waitText(seconds: number | undefined): string {
  if (!seconds) return 'Please try again later.';
  if (seconds < 90) return `Please try again in ${seconds} seconds.`;
  return `Please try again in about ${Math.ceil(seconds / 60)} minutes.`;
}

export function ContactForm() {
  const hydrated = useHydrated();
  const form = useLightForm(loadContactSchema, async (values, { setError, reset }) => {
    try {
      await sendContactMessage(values);
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) {
        setError(
          'root',
          `You have sent several messages in a short time, so this one was not sent. ${waitText(err.retryAfter)} Your text is still here.`,
        );
        return;
      }
      // The server checks the same schema; its word per field goes beside that field.
      const fieldErrors = err instanceof ApiError ? FIELDS.filter((f) => err.fields[f]) : [];
      if (err instanceof ApiError && fieldErrors.length > 0) {
        // The first one is set last, so that it is the one focused.
        for (const field of [...fieldErrors].reverse()) setError(field, err.fields[field]!);
        return;
      }
      setError('root', err instanceof Error ? err.message : 'Your message could not be sent. Try again.');
      return;
    }
    showToast({
      type: 'success',
      title: 'Message sent',
      description: `Thanks, ${values.name}. We will reply to ${values.email} within two working days.`,
    });
    reset();
  });
  const { errors } = form;

  return (
    <form {...form.formProps} className="grid gap-5" aria-label="Contact us">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Name" error={errors.name}>
          <Input name="name" autoComplete="name" />
        </FormField>
        <FormField label="Email" error={errors.email}>
          <Input name="email" type="email" autoComplete="email" />
        </FormField>
      </div>
      <FormField
        label="Message"
        error={errors.message}
        hint="What you need, and anything that helps us answer: your plan, the page, what you expected to happen."
      >
        <Textarea name="message" rows={7} />
      </FormField>
      <FormError message={errors.root} />
      <div>
        {/* Prerendered: until the page is hydrated a press would submit the form natively, losing it. */}
        <Button type="submit" disabled={form.submitting || !hydrated} className="w-full sm:w-auto">
          {form.submitting ? 'Sending…' : 'Send message'}
        </Button>
      </div>
    </form>
  );
}
