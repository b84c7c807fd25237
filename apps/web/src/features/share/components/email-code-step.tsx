import { formatDate } from '@draftwell/shared/i18n/format';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { Trans, useLingui } from '@lingui/react';
import { useEffect, useId, useState } from 'react';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/http';
import { useSendSigningCode } from '../api/send-code';
import { errorMessage } from '../utils/share-error';

export type TCodeSent = { sentTo: string; expiresAt: string };

/** Too many codes asked for: when to ask again, in seconds under a minute, else in minutes. */
function tooManyText(i18n: I18n, seconds: number): string {
  if (seconds < 60) {
    return i18n._(
      'You have asked for several codes in a short time. Ask again in {seconds, plural, one {# second} other {# seconds}}.',
      { seconds },
    );
  }
  return i18n._(
    'You have asked for several codes in a short time. Ask again in {minutes, plural, one {# minute} other {# minutes}}.',
    { minutes: Math.ceil(seconds / 60) },
  );
}

const timeOf = (iso: string, locale: string) =>
  formatDate(new Date(iso), locale, { hour: 'numeric', minute: '2-digit' });

/**
 * The email code before signing, where the proposal asks for one: "Email me a code", then where
 * it went and a field for its six digits, with a new code on request. A refusal to send (too
 * many asked for, 429) says when to ask again, and asking waits until then.
 */
export function EmailCodeStep({
  token,
  code,
  onCodeChange,
  sent,
  onSent,
  error,
  locale,
  disabled,
}: {
  token: string;
  code: string;
  onCodeChange: (code: string) => void;
  sent: TCodeSent | null;
  onSent: (sent: TCodeSent) => void;
  /** About the code: the form's own check or the server's `fields.code`. */
  error: string | undefined;
  locale: string;
  disabled: boolean;
}) {
  const { i18n } = useLingui();
  const send = useSendSigningCode(token);
  const [sendError, setSendError] = useState<string | null>(null);
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const ids = useId();
  const titleId = `${ids}-title`;
  const errorId = `${ids}-error`;

  // Asking again is allowed once the server's Retry-After has passed.
  useEffect(() => {
    if (retryAt === null) return;
    const timer = setTimeout(() => setRetryAt(null), Math.max(0, retryAt - Date.now()));
    return () => clearTimeout(timer);
  }, [retryAt]);

  const waiting = retryAt !== null;
  const ask = () => {
    if (send.isPending || waiting || disabled) return;
    setSendError(null);
    send.mutate(undefined, {
      onSuccess: (answer) => {
        onCodeChange('');
        onSent(answer);
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 429) {
          const seconds = failure.retryAfter ?? 60;
          setRetryAt(Date.now() + seconds * 1000);
          setSendError(tooManyText(i18n, seconds));
        } else {
          setSendError(errorMessage(i18n, failure) || i18n._('The code could not be sent. Try again.'));
        }
      },
    });
  };

  const askLabel = send.isPending ? i18n._('Sending…') : sent ? i18n._('Send a new code') : i18n._('Email me a code');
  const askButton = (
    <Button
      type="button"
      variant="outline"
      size="sm"
      // Stays focusable while it cannot be used, so the keyboard keeps its place.
      aria-disabled={send.isPending || waiting || disabled || undefined}
      aria-describedby={!sent && error ? errorId : undefined}
      data-field={sent ? undefined : 'code'}
      onClick={ask}
      className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
    >
      {askLabel}
    </Button>
  );

  return (
    <div role="group" aria-labelledby={titleId} className="grid gap-3 rounded-md border p-4">
      <div>
        <p id={titleId} className="text-sm font-medium">
          {i18n._('Code from your email')}
        </p>
        <p className="text-muted-foreground mt-1 text-sm">
          {i18n._('This proposal asks for a code we email to you before you sign, to confirm the address is yours.')}
        </p>
      </div>

      {sent ? (
        <>
          <p role="status" className="text-sm">
            <Trans
              id="We sent a code to <0>{address}</0>. It works until <1>{time}</1>."
              values={{ address: <>{sent.sentTo}</>, time: timeOf(sent.expiresAt, locale) }}
              components={{ 0: <span className="font-medium break-all" />, 1: <time dateTime={sent.expiresAt} /> }}
            />
          </p>
          <div className="max-w-xs">
            <FormField label={i18n._('6-digit code')} error={error}>
              <Input
                data-field="code"
                value={code}
                onChange={(e) => onCodeChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={6}
                disabled={disabled}
                className="font-mono text-base tracking-[0.3em]"
              />
            </FormField>
          </div>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
            <span className="text-muted-foreground">{i18n._('Nothing arrived, or too late?')}</span>
            {askButton}
          </div>
        </>
      ) : (
        <div className="grid justify-items-start gap-2">
          {askButton}
          {error ? (
            <p id={errorId} role="alert" className="text-destructive text-sm">
              {error}
            </p>
          ) : null}
        </div>
      )}

      {sendError ? (
        <p role="alert" className="text-destructive text-sm">
          {sendError}
        </p>
      ) : null}
    </div>
  );
}
