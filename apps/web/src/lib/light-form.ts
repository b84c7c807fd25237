import { useLingui } from '@lingui/react';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';

type TErrors = Partial<Record<string, string>>;

/** What a sent form's handler may do: place the server's word, empty the form. */
export type TLightFormHelpers = { setError: (name: string, message: string) => void; reset: () => void };

function firstIssues(error: z.ZodError): TErrors {
  const found: TErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : 'root';
    found[key] ??= issue.message;
  }
  return found;
}

/**
 * The schema, loaded when the form is first used: zod is a quarter of a public page's JavaScript
 * budget (P8), so a page carries none until someone starts filling in its form. The loader must
 * import lib/zod-jitless first (the CSP forbids zod's compiled parsers).
 */
export type TSchemaLoader<S> = () => Promise<S>;

const valuesOf = (form: HTMLFormElement) =>
  Object.fromEntries(
    [...new FormData(form)].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );

/**
 * A form of the public pages without a form library (P8): its fields are plain named inputs, read
 * when it is sent and checked with the same zod schema the server uses. A message goes beside its
 * field, the first field in error is focused; once sent, a field is checked again as it changes.
 * `onValid` gets the parsed values; `setError` places the server's word (a field or 'root').
 */
export function useLightForm<S extends z.ZodType<Record<string, unknown>>>(
  loadSchema: TSchemaLoader<S>,
  onValid: (values: z.output<S>, form: TLightFormHelpers) => Promise<void> | void,
) {
  const { i18n } = useLingui();
  const [errors, setErrors] = useState<TErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const sent = useRef(false);
  const formRef = useRef<HTMLFormElement | null>(null);
  const schemaRef = useRef<S | null>(null);
  const schema = async () => (schemaRef.current ??= await loadSchema());

  const focusField = (name: string) => {
    const field = formRef.current?.elements.namedItem(name);
    if (field instanceof HTMLElement) field.focus();
  };

  const setError = (name: string, message: string) => {
    setErrors((current) => ({ ...current, [name]: message }));
    if (name !== 'root') focusField(name);
  };

  const reset = () => {
    formRef.current?.reset();
    sent.current = false;
    setErrors({});
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    formRef.current = form;
    sent.current = true;
    setSubmitting(true);
    let checker: S;
    try {
      checker = await schema();
    } catch {
      setSubmitting(false);
      setErrors({
        root: i18n._('This page could not load what it needs to send the form. Check your connection and try again.'),
      });
      return;
    }
    const parsed = checker.safeParse(valuesOf(form));
    if (!parsed.success) {
      setSubmitting(false);
      const found = firstIssues(parsed.error);
      setErrors(found);
      const first = [...form.elements].find(
        (el): el is HTMLElement & { name: string } =>
          el instanceof HTMLElement && 'name' in el && !!found[String(el.name)],
      );
      first?.focus();
      return;
    }
    setErrors({});
    try {
      await onValid(parsed.data, { setError, reset });
    } finally {
      setSubmitting(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => void submit(event);

  const onChange = (event: ChangeEvent<HTMLFormElement>) => {
    formRef.current = event.currentTarget;
    const name = (event.target as { name?: unknown }).name;
    const checker = schemaRef.current;
    if (!sent.current || !checker || typeof name !== 'string' || !name) return;
    const parsed = checker.safeParse(valuesOf(event.currentTarget));
    const message = parsed.success ? undefined : firstIssues(parsed.error)[name];
    setErrors((current) => (current[name] === message ? current : { ...current, [name]: message }));
  };

  // The schema starts loading as soon as someone is in the form.
  const onFocus = () => void schema().catch(() => undefined);

  return {
    errors,
    submitting,
    setError,
    reset,
    formProps: { ref: formRef, onSubmit, onChange, onFocus, noValidate: true },
  };
}
