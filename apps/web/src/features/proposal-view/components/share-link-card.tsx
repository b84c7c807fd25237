import { Check, Copy, ExternalLink, Link2, RotateCw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useShareLink } from '../api/get-share-link';

const COPIED_MS = 2500;

/** The clipboard API where allowed; else the old way, through a selected field. */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!field) return false;
    field.select();
    return document.execCommand('copy');
  }
}

/** The client's private link, with Copy (and "Copied" as it happens) and Open. */
export function ShareLinkCard({ proposalId, closed }: { proposalId: string; closed: string | null }) {
  const link = useShareLink(proposalId, { enabled: true });
  const inputId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const onCopy = async () => {
    if (!link.data) return;
    if (await copyText(link.data.url, field.current)) setCopied(true);
    else toast.error('Could not copy the link', { description: 'Select the link and copy it yourself.' });
  };

  return (
    <Card role="region" aria-labelledby="share-link-heading">
      <CardHeader className="pb-3">
        <CardTitle id="share-link-heading" className="flex items-center gap-2 text-base">
          <Link2 aria-hidden="true" className="size-4" />
          Client’s link
        </CardTitle>
        <CardDescription>
          {closed ?? 'Private to your client: anyone with it can read, comment on and accept this proposal.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {link.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : link.isError ? (
          <div role="alert" className="text-sm">
            <p className="text-destructive">{link.error.message}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void link.refetch()}>
              <RotateCw aria-hidden="true" /> Retry
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row">
            <label htmlFor={inputId} className="sr-only">
              Share link
            </label>
            <Input
              id={inputId}
              ref={field}
              readOnly
              value={link.data.url}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 font-mono text-xs"
            />
            <div className="flex shrink-0 gap-2">
              <Button onClick={() => void onCopy()} className="min-w-32 flex-1 sm:flex-none">
                {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                {copied ? 'Copied' : 'Copy link'}
              </Button>
              <Button variant="outline" asChild className="flex-1 sm:flex-none">
                <a href={link.data.url} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden="true" /> Open
                  <span className="sr-only"> the client’s page in a new tab</span>
                </a>
              </Button>
            </div>
            <p role="status" className="sr-only">
              {copied ? 'Link copied to the clipboard.' : ''}
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
