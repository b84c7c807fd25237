import { formatDate } from '@draftwell/shared/i18n/format';
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
import { HASH_MESSAGE, normalizeHash, pdfProblem } from '../utils/verify-input';

// The public /verify page knows no owner and speaks English: en-US, as its words.
const formatUtc = (iso: string) =>
  `${formatDate(new Date(iso), 'en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

function VerifyResult({ result }: { result: TVerifyResult }) {
  if (!result.match) {
    return (
      <div className="flex items-start gap-3 rounded-lg border border-l-4 border-l-destructive p-4">
        <CircleX aria-hidden="true" className="text-destructive mt-0.5 size-5 shrink-0" />
        <p className="font-medium">No accepted proposal matches this</p>
      </div>
    );
  }
  return (
    <div className="flex items-start gap-3 rounded-lg border border-l-4 border-l-success p-4">
      <CircleCheck aria-hidden="true" className="text-success mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 space-y-2">
        <p>
          <span className="font-semibold">Matches:</span> accepted by {result.acceptedBy} on{' '}
          {formatUtc(result.acceptedAt)}, revision {result.revisionNumber}, hash{' '}
          <code className="font-mono text-[0.8125rem] break-all">{result.revisionHash}</code>
        </p>
        {result.signers.length > 1 ? (
          <p>Signed by {result.signers.map((s) => `${s.name} (${formatUtc(s.at)})`).join(', ')}</p>
        ) : null}
        {result.seal ? (
          <p className="text-sm">
            {result.seal.checked ? 'This file is the sealed PDF itself, ' : 'Its final PDF was '}
            digitally sealed on {formatUtc(result.seal.sealedAt)} with the certificate “{result.seal.certificateSubject}
            ” (SHA-256{' '}
            <code className="font-mono text-[0.8125rem] break-all">{result.seal.certificateFingerprint}</code>).
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

function failureMessage(error: Error): string {
  if (error instanceof ApiError && error.status === 404 && error.code === 'not_found') {
    return 'Verification is not available on this server right now. Try again later.';
  }
  return error.message;
}

/**
 * Verification by a downloaded PDF (dropped or picked) or a certificate's hash (pasted): the
 * answer says whether an accepted revision matches, and who accepted it and when; nothing else.
 */
export function VerifyForm() {
  const verify = useAction(verifyProposal);
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
    const problem = pdfProblem(file);
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
      setHashError(hash.trim() ? HASH_MESSAGE : 'Paste the hash from the certificate.');
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
          Check a PDF
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
          <p className="font-medium">Drop the proposal’s PDF here</p>
          <p className="text-muted-foreground text-sm">or</p>
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
            Choose a PDF
          </label>
          <p id={hintId} className="text-muted-foreground text-sm">
            A PDF downloaded from a proposal’s page, at most 10 MB.
          </p>
          {fileName && !fileError ? <p className="text-sm">Checking “{fileName}”</p> : null}
          {fileError ? (
            <p id={fileErrorId} role="alert" className="text-destructive text-sm">
              {fileError}
            </p>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="verify-hash" className="grid gap-3">
        <h2 id="verify-hash" className="text-lg font-semibold">
          Or paste a hash
        </h2>
        <form noValidate onSubmit={submitHash} aria-label="Check a hash" className="grid gap-3">
          <FormField
            label="Revision hash (SHA-256)"
            error={hashError}
            hint="64 characters of 0-9 and a-f, printed on the certificate of acceptance."
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
              Check hash
            </Button>
          </div>
        </form>
      </section>

      <div aria-live="polite">
        {verify.isPending ? (
          <p role="status" className="text-muted-foreground">
            Checking…
          </p>
        ) : verify.error ? (
          <FormError message={failureMessage(verify.error)} />
        ) : verify.data ? (
          <VerifyResult result={verify.data} />
        ) : null}
      </div>
    </div>
  );
}
