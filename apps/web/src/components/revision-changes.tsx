import type { TDiffSegment, TRevisionChange, TValueChange } from '@draftwell/shared/share/diff';
import { ArrowRight, Minus, MoveVertical, PencilLine, Plus } from 'lucide-react';
import type { ReactNode } from 'react';

/** Unchanged text longer than this is shortened around the edits, keeping this much either side. */
const CONTEXT_CHARS = 80;

/**
 * Removed and added words: struck through and underlined (and coloured, but never only
 * coloured), and named for screen readers, which do not announce <del> and <ins> by themselves.
 */
export function Removed({ children }: { children: ReactNode }) {
  return (
    <del className="decoration-destructive/70 rounded-sm bg-red-100 px-0.5 text-red-900 line-through decoration-2 dark:bg-red-950 dark:text-red-100">
      <span className="sr-only">[removed: </span>
      {children}
      <span className="sr-only">]</span>
    </del>
  );
}

export function Added({ children }: { children: ReactNode }) {
  return (
    <ins className="rounded-sm bg-emerald-100 px-0.5 text-emerald-950 underline decoration-emerald-700 decoration-2 underline-offset-2 dark:bg-emerald-950 dark:text-emerald-100 dark:decoration-emerald-400">
      <span className="sr-only">[added: </span>
      {children}
      <span className="sr-only">]</span>
    </ins>
  );
}

/** Keeps the ends of long unchanged stretches next to the edits, with "…" for the middle. */
function shorten(text: string, first: boolean, last: boolean): string {
  if (text.length <= CONTEXT_CHARS * 2 + 20) return text;
  const head = first ? '' : text.slice(0, CONTEXT_CHARS);
  const tail = last ? '' : text.slice(-CONTEXT_CHARS);
  return `${head}${head ? ' … ' : '… '}${tail}`.trimEnd();
}

export function DiffText({ segments }: { segments: TDiffSegment[] }) {
  return (
    <p className="text-sm leading-relaxed wrap-anywhere whitespace-pre-wrap">
      {segments.map((s, i) =>
        s.kind === 'same' ? (
          <span key={i}>{shorten(s.text, i === 0, i === segments.length - 1)}</span>
        ) : s.kind === 'added' ? (
          <Added key={i}>{s.text}</Added>
        ) : (
          <Removed key={i}>{s.text}</Removed>
        ),
      )}
    </p>
  );
}

function ValueChange({ change, labelled = true }: { change: TValueChange; labelled?: boolean }) {
  return (
    <div className="text-sm">
      {labelled ? <span className="font-medium">{change.label}: </span> : null}
      <Removed>{change.before}</Removed>
      <ArrowRight aria-hidden="true" className="text-muted-foreground mx-1 inline size-3.5" />
      <span className="sr-only"> now </span>
      <Added>{change.after}</Added>
    </div>
  );
}

const MARKS = {
  added: {
    icon: <Plus />,
    word: 'Added',
    tone: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  },
  removed: { icon: <Minus />, word: 'Removed', tone: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100' },
  changed: { icon: <PencilLine />, word: 'Changed', tone: 'bg-muted text-foreground' },
  moved: { icon: <MoveVertical />, word: 'Moved', tone: 'bg-muted text-foreground' },
} as const;

function Change({ mark, title, children }: { mark: keyof typeof MARKS; title: ReactNode; children?: ReactNode }) {
  const m = MARKS[mark];
  return (
    <li className="flex flex-col gap-1.5 py-3 sm:flex-row sm:gap-3">
      <span
        className={`inline-flex h-6 shrink-0 items-center gap-1 self-start rounded-full px-2 text-xs font-medium [&_svg]:size-3 ${m.tone}`}
      >
        {m.icon}
        {m.word}
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-sm font-medium wrap-anywhere">{title}</p>
        {children}
      </div>
    </li>
  );
}

function ChangeItem({ change }: { change: TRevisionChange }) {
  switch (change.kind) {
    case 'field':
      return (
        <Change mark="changed" title={change.label}>
          <ValueChange change={change} labelled={false} />
        </Change>
      );
    case 'block_added':
    case 'block_removed': {
      const added = change.kind === 'block_added';
      return (
        <Change mark={added ? 'added' : 'removed'} title={`Section “${change.blockLabel}”`}>
          {change.text ? (
            <p className="line-clamp-6 text-sm wrap-anywhere whitespace-pre-line">
              {added ? <Added>{change.text}</Added> : <Removed>{change.text}</Removed>}
            </p>
          ) : null}
        </Change>
      );
    }
    case 'block_moved':
      return <Change mark="moved" title={`Section “${change.blockLabel}” is in a new place`} />;
    case 'block_changed':
      return (
        <Change mark="changed" title={`Section “${change.blockLabel}”`}>
          {change.changes.map((c) => (
            <ValueChange key={c.label} change={c} />
          ))}
        </Change>
      );
    case 'text_changed':
      return (
        <Change mark="changed" title={`Text “${change.blockLabel}”`}>
          <DiffText segments={change.segments} />
        </Change>
      );
    case 'line_added':
    case 'line_removed': {
      const added = change.kind === 'line_added';
      const line = `${change.description} — ${change.amount}`;
      return (
        <Change mark={added ? 'added' : 'removed'} title={`Line in “${change.table}”`}>
          <p className="text-sm">{added ? <Added>{line}</Added> : <Removed>{line}</Removed>}</p>
        </Change>
      );
    }
    case 'line_changed':
      return (
        <Change mark="changed" title={`“${change.description}” in “${change.table}”`}>
          {change.changes.map((c) => (
            <ValueChange key={c.label} change={c} />
          ))}
        </Change>
      );
    case 'milestone_added':
    case 'milestone_removed': {
      const added = change.kind === 'milestone_added';
      const text = `${change.title} — ${change.when}`;
      return (
        <Change mark={added ? 'added' : 'removed'} title={`Milestone in the ${change.timeline.toLowerCase()}`}>
          <p className="text-sm">{added ? <Added>{text}</Added> : <Removed>{text}</Removed>}</p>
        </Change>
      );
    }
    case 'milestone_changed':
      return (
        <Change mark="changed" title={`Milestone “${change.title}”`}>
          {change.changes.map((c) => (
            <ValueChange key={c.label} change={c} />
          ))}
        </Change>
      );
    case 'totals_changed':
      return (
        <Change mark="changed" title={change.label}>
          <ValueChange change={change} labelled={false} />
        </Change>
      );
  }
}

/** diffRevisions' list, as a reader would go through it: fields, sections in order, totals. */
export function RevisionChanges({ changes }: { changes: TRevisionChange[] }) {
  if (changes.length === 0) {
    return <p className="text-muted-foreground text-sm">No differences: these two revisions say the same.</p>;
  }
  return (
    <ul aria-label="Changes" className="divide-y">
      {changes.map((change, i) => (
        <ChangeItem key={i} change={change} />
      ))}
    </ul>
  );
}
