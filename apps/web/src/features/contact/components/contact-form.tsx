import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ZContactMessage, type TContactMessage } from '@draftwell/shared';
import { FormError } from '@/components/form/form-error';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useSendContactMessage } from '../api/send-contact-message';
import { useHydrated } from '@/lib/use-hydrated';

const FIELDS = ['name', 'email', 'message'] as const satisfies readonly (keyof TContactMessage)[];
const EMPTY: TContactMessage = { name: '', email: '', message: '' };

function waitText(seconds: number | undefined): string {
  if (!seconds) return 'Please try again later.';
  if (seconds < 90) return `Please try again in ${seconds} seconds.`;
  return `Please try again in about ${Math.ceil(seconds / 60)} minutes.`;
}

export function ContactForm() {
  const form = useForm<TContactMessage>({ resolver: zodResolver(ZContactMessage), defaultValues: EMPTY });
  const hydrated = useHydrated();
  const send = useSendContactMessage();
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) {
        form.setError('root', {
          message: `You have sent several messages in a short time, so this one was not sent. ${waitText(err.retryAfter)} Your text is still here.`,
        });
        return;
      }
      // The server checks the same schema; its word per field goes beside that field.
      const fieldErrors = err instanceof ApiError ? FIELDS.filter((f) => err.fields[f]) : [];
      if (err instanceof ApiError && fieldErrors.length > 0) {
        for (const field of fieldErrors) form.setError(field, { message: err.fields[field] });
        form.setFocus(fieldErrors[0]!);
        return;
      }
      form.setError('root', {
        message: err instanceof Error ? err.message : 'Your message could not be sent. Try again.',
      });
      return;
    }
    toast.success('Message sent', {
      description: `Thanks, ${values.name}. We will reply to ${values.email} within two working days.`,
    });
    form.reset(EMPTY);
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Contact us">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Name" error={errors.name?.message}>
          <Input autoComplete="name" {...form.register('name')} />
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
      </div>
      <FormField
        label="Message"
        error={errors.message?.message}
        hint="What you need, and anything that helps us answer: your plan, the page, what you expected to happen."
      >
        <Textarea rows={7} {...form.register('message')} />
      </FormField>
      <FormError message={errors.root?.message} />
      <div>
        {/* Prerendered: until the page is hydrated a press would submit the form natively, losing it. */}
        <Button type="submit" disabled={send.isPending || !hydrated} className="w-full sm:w-auto">
          {send.isPending ? 'Sending…' : 'Send message'}
        </Button>
      </div>
    </form>
  );
}
