import { Trans, useLingui } from '@lingui/react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import type { TRevisionSnapshot, TRevisionSummary } from '@draftwell/shared/share/revision';
import {
  diffSentRevisions,
  type TDiffSegment,
  type TRevisionChange,
  type TValueChange,
} from '@draftwell/shared/share/diff';
import { documentLocale, readerLocale } from '@draftwell/shared/document/locale';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useSharedRevision } from '../api/get-shared-revision';
import { errorMessage } from '../utils/share-error';
import { formatLocalDate } from '../utils/format';
import { changeKindWord, type TChangeKind } from '@/components/change-kind';

/*
 * Insertions and deletions say so to a screen reader, around the text ("[added: …]"), in words it
 * hides from sight. The text goes in as an element, so the owner's words are never read as markup.
 */
const SR_MARKS = { 0: <span className="sr-only" />, 1: <span className="sr-only" /> };

const Added = ({ children }: { children?: ReactNode }) => (
  <ins className="rounded-sm bg-emerald-100 px-0.5 text-emerald-950 underline decoration-2 underline-offset-2 dark:bg-emerald-400/20 dark:text-emerald-100">
    <Trans id="<0>[added: </0>{text}<1>]</1>" values={{ text: <>{children}</> }} components={SR_MARKS} />
  </ins>
);

const Removed = ({ children }: { children?: ReactNode }) => (
  <del className="rounded-sm bg-rose-100 px-0.5 text-rose-950 line-through decoration-2 dark:bg-rose-400/20 dark:text-rose-100">
    <Trans id="<0>[removed: </0>{text}<1>]</1>" values={{ text: <>{children}</> }} components={SR_MARKS} />
  </del>
);

function Segments({ segments }: { segments: TDiffSegment[] }) {
  return (
    <p className="mt-2 text-sm leading-relaxed wrap-anywhere whitespace-pre-wrap">
      {segments.map((segment, i) =>
        segment.kind === 'added' ? (
          <Added key={i}>{segment.text}</Added>
        ) : segment.kind === 'removed' ? (
          <Removed key={i}>{segment.text}</Removed>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </p>
  );
}

/** "Unit price: $100 → $120", the old value struck through and the new one underlined. */
function ValueChange({ change }: { change: TValueChange | { label: string; before: string; after: string } }) {
  return (
    <span className="wrap-anywhere">
      <span className="font-medium">{change.label}:</span> <Removed>{change.before}</Removed>{' '}
      <span aria-hidden="true">→</span> <Added>{change.after}</Added>
    </span>
  );
}

function ValueChanges({ changes }: { changes: TValueChange[] }) {
  return (
    <ul className="mt-2 space-y-1 text-sm">
      {changes.map((change) => (
        <li key={change.label}>
          <ValueChange change={change} />
        </li>
      ))}
    </ul>
  );
}

function Tag({ kind }: { kind: TChangeKind }) {
  const { i18n } = useLingui();
  return (
    <span className="bg-muted text-foreground me-2 inline-block rounded px-1.5 py-0.5 text-xs font-semibold tracking-wide uppercase">
      {changeKindWord(i18n, kind)}
    </span>
  );
}

/** A block's name in the language's quotation marks: “Scope”. */
const quoted = (i18n: I18n, text: string) => i18n._('“{text}”', { text });

function ChangeItem({ change }: { change: TRevisionChange }) {
  const { i18n } = useLingui();
  switch (change.kind) {
    case 'field':
    case 'totals_changed':
      return (
        <>
          <Tag kind="changed" />
          <ValueChange change={change} />
        </>
      );
    case 'block_added':
    case 'block_removed': {
      const added = change.kind === 'block_added';
      return (
        <>
          <Tag kind={added ? 'added' : 'removed'} />
          <span className="font-medium">{quoted(i18n, change.blockLabel)}</span>
          {change.text.trim() ? (
            <p className="mt-2 text-sm wrap-anywhere whitespace-pre-line">
              {added ? <Added>{change.text}</Added> : <Removed>{change.text}</Removed>}
            </p>
          ) : null}
        </>
      );
    }
    case 'block_moved':
      return (
        <>
          <Tag kind="moved" />
          <Trans
            id="<0>“{block}”</0> now stands elsewhere in the proposal."
            values={{ block: <>{change.blockLabel}</> }}
            components={{ 0: <span className="font-medium" /> }}
          />
        </>
      );
    case 'block_changed':
      return (
        <>
          <Tag kind="changed" />
          <span className="font-medium">{quoted(i18n, change.blockLabel)}</span>
          <ValueChanges changes={change.changes} />
        </>
      );
    case 'text_changed':
      return (
        <>
          <Tag kind="changed" />
          <span className="font-medium">{i18n._('Text: “{block}”', { block: change.blockLabel })}</span>
          <Segments segments={change.segments} />
        </>
      );
    case 'line_added':
    case 'line_removed': {
      const added = change.kind === 'line_added';
      const text = `${change.description} — ${change.amount}`;
      return (
        <>
          <Tag kind={added ? 'added' : 'removed'} />
          <span className="text-muted-foreground">{change.table}: </span>
          {added ? <Added>{text}</Added> : <Removed>{text}</Removed>}
        </>
      );
    }
    case 'line_changed':
      return (
        <>
          <Tag kind="changed" />
          <span className="text-muted-foreground">{change.table}: </span>
          <span className="font-medium">{change.description}</span>
          <ValueChanges changes={change.changes} />
        </>
      );
    case 'milestone_added':
    case 'milestone_removed': {
      const added = change.kind === 'milestone_added';
      const text = `${change.title} — ${change.when}`;
      return (
        <>
          <Tag kind={added ? 'added' : 'removed'} />
          <span className="text-muted-foreground">{change.timeline}: </span>
          {added ? <Added>{text}</Added> : <Removed>{text}</Removed>}
        </>
      );
    }
    case 'milestone_changed':
      return (
        <>
          <Tag kind="changed" />
          <span className="text-muted-foreground">{change.timeline}: </span>
          <span className="font-medium">{change.title}</span>
          <ValueChanges changes={change.changes} />
        </>
      );
  }
}

function ChangeList({ before, after }: { before: TRevisionSnapshot; after: TRevisionSnapshot }) {
  const { i18n } = useLingui();
  const changes = useMemo(() => diffSentRevisions(i18n, before, after), [i18n, before, after]);
  if (changes.length === 0) {
    return <p className="text-muted-foreground text-sm">{i18n._('Nothing changed between these two revisions.')}</p>;
  }
  return (
    <ol aria-label={i18n._('Changes')} className="divide-y rounded-lg border">
      {changes.map((change, i) => (
        <li key={i} className="px-4 py-3 text-sm leading-relaxed">
          <ChangeItem change={change} />
        </li>
      ))}
    </ol>
  );
}

function RevisionSelect({
  label,
  value,
  revisions,
  locale,
  onChange,
}: {
  label: string;
  value: number;
  revisions: TRevisionSummary[];
  /** The document's locale, which writes the dates sent. */
  locale: string;
  onChange: (n: number) => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  return (
    // min-w-0: a select is as wide as its longest option ("Revision 12, sent September 30, 2026")
    // unless told it may be narrower, which at 320 px is wider than the screen.
    <div className="grid min-w-0 gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="border-input bg-card h-10 min-w-0 rounded-md border px-3 text-sm shadow-xs"
      >
        {revisions.map((r) => (
          <option key={r.number} value={r.number}>
            {i18n._('Revision {number}, sent {date}', { number: r.number, date: formatLocalDate(r.createdAt, locale) })}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * "What changed" between two sent revisions the client picks (the last two at first), in
 * words: every insertion and deletion is marked by more than colour (underline, strike-through,
 * and words for screen readers).
 */
export function RevisionChanges({
  token,
  revisions,
  current,
}: {
  token: string;
  /** Oldest first; at least two. */
  revisions: TRevisionSummary[];
  /** The newest revision's snapshot, already on the page. */
  current: { number: number; snapshot: TRevisionSnapshot };
}) {
  const { i18n } = useLingui();
  const newest = revisions[revisions.length - 1]!.number;
  const [from, setFrom] = useState(revisions[revisions.length - 2]!.number);
  const [to, setTo] = useState(newest);
  const before = useSharedRevision(token, from === current.number ? null : from);
  const after = useSharedRevision(token, to === current.number ? null : to);
  const beforeSnapshot = from === current.number ? current.snapshot : before.data?.snapshot;
  const afterSnapshot = to === current.number ? current.snapshot : after.data?.snapshot;
  const failed = before.error ?? after.error;
  const locale = readerLocale(i18n.locale, documentLocale(current.snapshot.sender.locale));

  return (
    <section id="changes" aria-labelledby="changes-title" className="bg-card scroll-mt-6 rounded-lg border">
      <div className="p-5 sm:p-8">
        <h2 id="changes-title" className="text-xl font-semibold tracking-tight">
          {i18n._('What changed')}
        </h2>
        <p className="text-muted-foreground mt-2 text-sm">
          {i18n._('{count, plural, one {This proposal was sent # time.} other {This proposal was sent # times.}}', {
            count: revisions.length,
          })}{' '}
          <Trans
            id="Compare any two revisions: added text is <0>underlined</0>, removed text is <1>struck through</1>."
            components={{ 0: <Added />, 1: <Removed /> }}
          />
        </p>
        <div className="mt-5 grid gap-4 sm:grid-cols-2">
          <RevisionSelect
            label={i18n._('From revision')}
            value={from}
            revisions={revisions}
            locale={locale}
            onChange={setFrom}
          />
          <RevisionSelect
            label={i18n._('To revision')}
            value={to}
            revisions={revisions}
            locale={locale}
            onChange={setTo}
          />
        </div>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm print:hidden">
          {[...new Set([from, to])].map((n) => (
            <a key={n} href={paths.sharePdf(token, n)} download className="underline underline-offset-2">
              {i18n._('Download revision {number} (PDF)', { number: n })}
            </a>
          ))}
        </p>
        <div className="mt-5" aria-live="polite" aria-busy={!beforeSnapshot || !afterSnapshot}>
          {from === to ? (
            <p className="text-muted-foreground text-sm">{i18n._('Pick two different revisions to compare.')}</p>
          ) : failed ? (
            <p role="alert" className="text-destructive text-sm">
              {i18n._('That revision did not load: {reason}', { reason: errorMessage(i18n, failed) })}
            </p>
          ) : beforeSnapshot && afterSnapshot ? (
            <ChangeList before={beforeSnapshot} after={afterSnapshot} />
          ) : (
            <div role="status" aria-label={i18n._('Loading the changes')} className="space-y-2">
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-5 w-1/2" />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
