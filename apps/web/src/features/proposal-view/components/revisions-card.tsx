import { diffSentRevisions } from '@draftwell/shared/share/diff';
import type { TRevisionSummary } from '@draftwell/shared/share/revision';
import { Download, GitCompareArrows, RotateCw } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react';
import { useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useProposalRevisionPair } from '../api/get-proposal-revision';
import { shortHash } from '../utils/format';
import { Added, Removed, RevisionChanges } from '@/components/revision-changes';
import { TimeStamp } from './time-stamp';

type TPair = [number, number];

function CompareBody({ proposalId, pair }: { proposalId: string; pair: TPair }) {
  const { i18n } = useLingui();
  const [before, after] = useProposalRevisionPair(proposalId, pair);
  const a = before?.data;
  const b = after?.data;
  const changes = useMemo(() => (a && b ? diffSentRevisions(i18n, a.snapshot, b.snapshot) : null), [a, b, i18n]);
  const failed = [before, after].find((q) => q?.isError);
  if (failed?.error) {
    return (
      <div role="alert" className="text-sm">
        <p className="text-destructive">
          {i18n._('These revisions did not load.')} {failed.error.message}
        </p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void failed.refetch()}>
          <RotateCw aria-hidden="true" /> {i18n._('Retry')}
        </Button>
      </div>
    );
  }
  if (!changes) {
    return (
      <div role="status" aria-label={i18n._('Comparing the revisions')} className="space-y-3">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-5/6" />
      </div>
    );
  }
  return <RevisionChanges changes={changes} />;
}

/** Two revisions side by side as a list of changes; either side can be any revision. */
function CompareDialog({
  proposalId,
  revisions,
  pair,
  onPairChange,
  onClose,
}: {
  proposalId: string;
  revisions: TRevisionSummary[];
  pair: TPair | null;
  onPairChange: (pair: TPair) => void;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const fromId = useId();
  const toId = useId();
  return (
    <Dialog open={pair !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent wide>
        <DialogHeader>
          <DialogTitle>{i18n._('Compare revisions')}</DialogTitle>
          <DialogDescription>
            <Trans
              id="What changed from the earlier revision to the later one: <0>removed words</0> are struck through, <1>added words</1> are underlined."
              components={{ 0: <Removed>{null}</Removed>, 1: <Added>{null}</Added> }}
            />
          </DialogDescription>
        </DialogHeader>
        {pair ? (
          <>
            <div className="grid grid-cols-2 gap-3">
              <div className="grid gap-1.5">
                <Label htmlFor={fromId}>{i18n._('From revision')}</Label>
                <Select id={fromId} value={pair[0]} onChange={(e) => onPairChange([Number(e.target.value), pair[1]])}>
                  {revisions.map((r) => (
                    <option key={r.number} value={r.number}>
                      {i18n._('Revision {number}', { number: r.number })}
                    </option>
                  ))}
                </Select>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={toId}>{i18n._('To revision')}</Label>
                <Select id={toId} value={pair[1]} onChange={(e) => onPairChange([pair[0], Number(e.target.value)])}>
                  {revisions.map((r) => (
                    <option key={r.number} value={r.number}>
                      {i18n._('Revision {number}', { number: r.number })}
                    </option>
                  ))}
                </Select>
              </div>
            </div>
            <section
              aria-label={i18n._('Changes from revision {from} to revision {to}', { from: pair[0], to: pair[1] })}
            >
              <CompareBody key={`${pair[0]}-${pair[1]}`} proposalId={proposalId} pair={pair} />
            </section>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** Every revision sent, newest first, each with its PDF and a comparison with the one before. */
export function RevisionsCard({
  proposalId,
  revisions,
  live,
  isError,
  onRetry,
}: {
  proposalId: string;
  revisions: TRevisionSummary[] | undefined;
  /** The client can open the newest revision (not withdrawn). */
  live: boolean;
  isError: boolean;
  onRetry: () => void;
}) {
  const { i18n } = useLingui();
  const [pair, setPair] = useState<TPair | null>(null);
  const newestFirst = revisions ? [...revisions].reverse() : [];
  return (
    <Card role="region" aria-labelledby="proposal-revisions-heading">
      <CardHeader className="pb-3">
        <CardTitle id="proposal-revisions-heading" className="text-base">
          {i18n._('Revisions')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {isError ? (
          <div role="alert" className="text-sm">
            <p className="text-destructive">{i18n._('The revisions did not load.')}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
              <RotateCw aria-hidden="true" /> {i18n._('Retry')}
            </Button>
          </div>
        ) : !revisions ? (
          <Skeleton className="h-12 w-full" />
        ) : revisions.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            {i18n._('Each time you send, the proposal is kept here as it was sent.')}
          </p>
        ) : (
          <ol aria-label={i18n._('Revisions, newest first')} className="divide-y">
            {newestFirst.map((r) => (
              <li key={r.number} className="py-3 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-baseline justify-between gap-x-2">
                  <p className="text-sm font-semibold">
                    {i18n._('Revision {number}', { number: r.number })}
                    {r.number === newestFirst[0]?.number ? (
                      <span className="text-muted-foreground font-normal">
                        {' · '}
                        {live ? i18n._('what the client sees') : i18n._('the newest')}
                      </span>
                    ) : null}
                  </p>
                </div>
                <TimeStamp iso={r.createdAt} className="mt-0.5" />
                <p className="text-muted-foreground mt-0.5 text-xs">
                  SHA-256{' '}
                  <code className="font-mono" title={r.hash}>
                    {shortHash(r.hash)}
                  </code>
                </p>
                <div className="mt-2 flex flex-wrap gap-2">
                  {r.number > 1 ? (
                    <Button variant="outline" size="sm" onClick={() => setPair([r.number - 1, r.number])}>
                      <GitCompareArrows aria-hidden="true" />
                      <Trans
                        id="Compare with {previous}<0>: revision {previous} to revision {number}</0>"
                        values={{ previous: r.number - 1, number: r.number }}
                        components={{ 0: <span className="sr-only" /> }}
                      />
                    </Button>
                  ) : null}
                  <Button variant="ghost" size="sm" asChild>
                    <a href={paths.revisionPdf(proposalId, r.number)} download>
                      <Download aria-hidden="true" />
                      <Trans
                        id="PDF<0> of revision {number}</0>"
                        values={{ number: r.number }}
                        components={{ 0: <span className="sr-only" /> }}
                      />
                    </a>
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
      <CompareDialog
        proposalId={proposalId}
        revisions={revisions ?? []}
        pair={pair}
        onPairChange={setPair}
        onClose={() => setPair(null)}
      />
    </Card>
  );
}
