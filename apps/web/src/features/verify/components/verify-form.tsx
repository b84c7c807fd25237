import { formatDate, formatList } from '@draftwell/shared/i18n/format';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { Trans, useLingui } from '@lingui/react';
import { CircleCheck, CircleX, FileUp } from 'lucide-react';
import { useEffect, useId, useState, useSyncExternalStore, type DragEvent, type FormEvent } from 'react';
import type { TVerifyResult } from '@draftwell/shared/share/share-api';
import { FormError } from '@/components/form/form-error';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/http';
import { cn } from '@/lib/cn';
import { useAction } from '@/lib/use-action';
import { useHydrated } from '@/lib/use-hydrated';
import { verifyProposal, type TVerifyInput } from '../api/verify-proposal';
import { hashMessage, maxPdfSize, normalizeHash, pdfProblem, pdfTooLargeMessage } from '../utils/verify-input';
import { leftToRight } from '@draftwell/shared/text';

/** An instant in UTC, as the reader's language writes it ("March 4, 2027 at 2:22 PM UTC"). */
const formatUtc = (iso: string, locale: string) =>
  formatDate(new Date(iso), locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });

const hashClass = 'font-mono text-[0.8125rem] break-all';

function VerifyResult({ result }: { result: TVerifyResult }) {
  const { i18n } = useLingui();
  if (!result.match) {
    return (
      <div className="flex items-start gap-3 rounded-lg border border-l-4 border-l-destructive p-4">
        <CircleX aria-hidden="true" className="text-destructive mt-0.5 size-5 shrink-0" />
        <p className="font-medium">{i18n._('No accepted proposal matches this')}</p>
      </div>
    );
  }
  const at = (iso: string) => formatUtc(iso, i18n.locale);
  const seal = result.seal;
  return (
    <div className="flex items-start gap-3 rounded-lg border border-l-4 border-l-success p-4">
      <CircleCheck aria-hidden="true" className="text-success mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 space-y-2">
        <p>
          <Trans
            id="<0>Matches:</0> accepted by {name} on {date}, revision {revision}, hash <1>{hash}</1>"
            values={{
              name: <>{result.acceptedBy}</>,
              date: at(result.acceptedAt),
              revision: result.revisionNumber,
              hash: result.revisionHash,
            }}
            components={{ 0: <span className="font-semibold" />, 1: <code className={hashClass} /> }}
          />
        </p>
        {result.signers.length > 1 ? (
          <p>
            {i18n._('Signed by {signers}', {
              signers: formatList(
                result.signers.map((s) => i18n._('{name} ({date})', { name: s.name, date: at(s.at) })),
                i18n.locale,
              ),
            })}
          </p>
        ) : null}
        {seal ? (
          <p className="text-sm">
            {seal.checked ? (
              <Trans
                id="This file is the sealed PDF itself, digitally sealed on {date} with the certificate “{subject}” (SHA-256 <0>{fingerprint}</0>)."
                values={{
                  date: at(seal.sealedAt),
                  subject: <>{seal.certificateSubject}</>,
                  fingerprint: seal.certificateFingerprint,
                }}
                components={{ 0: <code className={hashClass} /> }}
              />
            ) : (
              <Trans
                id="Its final PDF was digitally sealed on {date} with the certificate “{subject}” (SHA-256 <0>{fingerprint}</0>)."
                values={{
                  date: at(seal.sealedAt),
                  subject: <>{seal.certificateSubject}</>,
                  fingerprint: seal.certificateFingerprint,
                }}
                components={{ 0: <code className={hashClass} /> }}
              />
            )}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The hash in the page's address (`/verify?hash=…`, from a certificate's QR code or link), if any. */
function hashFromLink(): string | null {
  return normalizeHash(new URLSearchParams(window.location.search).get('hash') ?? '');
}

const noSubscription = () => () => undefined;

/**
 * A failed check's message in the reader's language, made from the answer's code (the server's
 * own message is English): `sent`, what was checked.
 */
function failureMessage(i18n: I18n, error: Error, sent: TVerifyInput['kind']): string {
  if (!(error instanceof ApiError)) return i18n._('Something went wrong. Try again.');
  if (error.code === 'network') return i18n._('You appear to be offline. Check your connection and try again.');
  if (error.status === 404) return i18n._('Verification is not available on this server right now. Try again later.');
  if (error.code === 'too_large' || error.status === 413) return pdfTooLargeMessage(i18n);
  if (error.code === 'invalid') {
    return sent === 'file'
      ? i18n._('That file is not a PDF. Choose the PDF you downloaded from Draftwell.')
      : hashMessage(i18n);
  }
  if (error.code === 'rate_limited' || error.status === 429) {
    // As the server words it: seconds under a minute and a half, else whole minutes.
    const wait = error.retryAfter;
    if (!wait) return i18n._('Too many attempts. Wait a moment and try again.');
    if (wait < 90) {
      return i18n._('Too many attempts. Try again in {seconds, plural, one {# second} other {# seconds}}.', {
        seconds: wait,
      });
    }
    return i18n._('Too many attempts. Try again in {minutes, plural, one {# minute} other {# minutes}}.', {
      minutes: Math.ceil(wait / 60),
    });
  }
  if (error.code === 'unavailable' || error.status === 503) {
    return i18n._('The service is briefly unavailable. Try again in a few seconds.');
  }
  if (error.requestId && error.status >= 500) {
    return i18n._(
      'Something went wrong on our side. If it keeps happening, contact us and quote request {requestId}.',
      {
        requestId: leftToRight(error.requestId),
      },
    );
  }
  return i18n._('Something went wrong. Try again.');
}

/**
 * Verification by a downloaded PDF (dropped or picked) or a certificate's hash (pasted): the
 * answer says whether an accepted revision matches, and who accepted it and when; nothing else.
 */
export function VerifyForm() {
  const { i18n } = useLingui();
  const verify = useAction(verifyProposal);
  // What the last check sent, for its failure's message.
  const [sent, setSent] = useState<TVerifyInput['kind']>('hash');
  // None while the prerendered page hydrates (the HTML was made without an address), then the link's.
  const fromLink = useSyncExternalStore(noSubscription, hashFromLink, () => null);
  const [typed, setHash] = useState<string | null>(null);
  const hash = typed ?? fromLink ?? '';
  const [hashError, setHashError] = useState<string | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();
  const [fileName, setFileName] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const fileErrorId = `${inputId}-error`;
  // Prerendered: until the page is hydrated a picked file would go unread and a press of "Check
  // hash" would submit the form natively, so both wait for the page's code.
  const hydrated = useHydrated();

  const run = (input: TVerifyInput) => {
    setSent(input.kind);
    verify.start(input);
  };

  // The certificate page's QR code and link open this page with the revision hash: check it at once.
  const runCheck = verify.run;
  useEffect(() => {
    if (fromLink) void runCheck({ kind: 'hash', hash: fromLink }).catch(() => undefined);
  }, [fromLink, runCheck]);

  const takeFile = (file: File | undefined) => {
    if (!file) return;
    setHashError(undefined);
    const problem = pdfProblem(i18n, file);
    setFileError(problem ?? undefined);
    setFileName(file.name);
    if (problem) {
      verify.reset();
      return;
    }
    run({ kind: 'file', file });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    takeFile(event.dataTransfer.files[0]);
  };

  const submitHash = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFileError(undefined);
    setFileName(null);
    const normalized = normalizeHash(hash);
    if (!normalized) {
      setHashError(hash.trim() ? hashMessage(i18n) : i18n._('Paste the hash from the certificate.'));
      verify.reset();
      return;
    }
    setHashError(undefined);
    run({ kind: 'hash', hash: normalized });
  };

  return (
    <div className="grid gap-8">
      <section aria-labelledby="verify-pdf" className="grid gap-3">
        <h2 id="verify-pdf" className="text-lg font-semibold">
          {i18n._('Check a PDF')}
        </h2>
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-dragging={dragging || undefined}
          className={cn(
            'grid place-items-center gap-3 rounded-lg border-2 border-dashed px-4 py-10 text-center transition-colors',
            dragging ? 'border-primary bg-accent' : 'bg-muted/30',
          )}
        >
          <FileUp aria-hidden="true" className="text-muted-foreground size-8" />
          <p className="font-medium">{i18n._('Drop the proposal’s PDF here')}</p>
          <p className="text-muted-foreground text-sm">{i18n._('or')}</p>
          <input
            id={inputId}
            type="file"
            accept="application/pdf,.pdf"
            className="peer sr-only"
            aria-describedby={[hintId, fileError ? fileErrorId : null].filter(Boolean).join(' ')}
            aria-invalid={fileError ? true : undefined}
            disabled={!hydrated}
            onChange={(event) => {
              takeFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          {/* The label is the visible button: the native picker opens from it, by click or keyboard. */}
          <label
            htmlFor={inputId}
            className="border-input bg-card hover:bg-accent peer-focus-visible:outline-ring inline-flex h-10 cursor-pointer items-center rounded-md border px-4 text-sm font-medium shadow-xs peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-50"
          >
            {i18n._('Choose a PDF')}
          </label>
          <p id={hintId} className="text-muted-foreground text-sm">
            {i18n._('A PDF downloaded from a proposal’s page, at most {size}.', { size: maxPdfSize(i18n.locale) })}
          </p>
          {fileName && !fileError ? <p className="text-sm">{i18n._('Checking “{name}”', { name: fileName })}</p> : null}
          {fileError ? (
            <p id={fileErrorId} role="alert" className="text-destructive text-sm">
              {fileError}
            </p>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="verify-hash" className="grid gap-3">
        <h2 id="verify-hash" className="text-lg font-semibold">
          {i18n._('Or paste a hash')}
        </h2>
        <form noValidate onSubmit={submitHash} aria-label={i18n._('Check a hash')} className="grid gap-3">
          <FormField
            label={i18n._('Revision hash (SHA-256)')}
            error={hashError}
            hint={i18n._('64 characters of 0-9 and a-f, printed on the certificate of acceptance.')}
          >
            <Input
              value={hash}
              onChange={(e) => setHash(e.target.value)}
              spellCheck={false}
              autoComplete="off"
              className="font-mono"
            />
          </FormField>
          <div>
            <Button type="submit" disabled={verify.isPending || !hydrated}>
              {i18n._('Check hash')}
            </Button>
          </div>
        </form>
      </section>

      <div aria-live="polite">
        {verify.isPending ? (
          <p role="status" className="text-muted-foreground">
            {i18n._('Checking…')}
          </p>
        ) : verify.error ? (
          <FormError message={failureMessage(i18n, verify.error, sent)} />
        ) : verify.data ? (
          <VerifyResult result={verify.data} />
        ) : null}
      </div>
    </div>
  );
}
