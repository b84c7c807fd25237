import { Trans, useLingui } from '@lingui/react';
import type { TDiffSegment, TRevisionChange, TValueChange } from '@draftwell/shared/share/diff';
import { ArrowRight, Minus, MoveVertical, PencilLine, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { changeKindWord, type TChangeKind } from './change-kind';

/** Unchanged text longer than this is shortened around the edits, keeping this much either side. */
const CONTEXT_CHARS = 80;

/** The words around a change that only a screen reader hears; the text goes in as an element, never as markup. */
const SR_MARKS = { 0: <span className="sr-only" />, 1: <span className="sr-only" /> };

/**
 * Removed and added words: struck through and underlined (and coloured, but never only
 * coloured), and named for screen readers, which do not announce <del> and <ins> by themselves.
 */
export function Removed({ children }: { children: ReactNode }) {
  return (
    <del className="decoration-destructive/70 rounded-sm bg-red-100 px-0.5 text-red-900 line-through decoration-2 dark:bg-red-950 dark:text-red-100">
      <Trans id="<0>[removed: </0>{text}<1>]</1>" values={{ text: <>{children}</> }} components={SR_MARKS} />
    </del>
  );
}

export function Added({ children }: { children: ReactNode }) {
  return (
    <ins className="rounded-sm bg-emerald-100 px-0.5 text-emerald-950 underline decoration-emerald-700 decoration-2 underline-offset-2 dark:bg-emerald-950 dark:text-emerald-100 dark:decoration-emerald-400">
      <Trans id="<0>[added: </0>{text}<1>]</1>" values={{ text: <>{children}</> }} components={SR_MARKS} />
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
  const { i18n } = useLingui();
  return (
    <div className="text-sm">
      {labelled ? <span className="font-medium">{change.label}: </span> : null}
      <Removed>{change.before}</Removed>
      <ArrowRight aria-hidden="true" className="text-muted-foreground mx-1 inline size-3.5" />
      <span className="sr-only"> {i18n._('now')} </span>
      <Added>{change.after}</Added>
    </div>
  );
}

const MARKS = {
  added: { icon: <Plus />, tone: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100' },
  removed: { icon: <Minus />, tone: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100' },
  changed: { icon: <PencilLine />, tone: 'bg-muted text-foreground' },
  moved: { icon: <MoveVertical />, tone: 'bg-muted text-foreground' },
} as const;

type TMark = keyof typeof MARKS & TChangeKind;

function Change({ mark, title, children }: { mark: TMark; title: ReactNode; children?: ReactNode }) {
  const { i18n } = useLingui();
  const m = MARKS[mark];
  return (
    <li className="flex flex-col gap-1.5 py-3 sm:flex-row sm:gap-3">
      <span
        className={`inline-flex h-6 shrink-0 items-center gap-1 self-start rounded-full px-2 text-xs font-medium [&_svg]:size-3 ${m.tone}`}
      >
        {m.icon}
        {changeKindWord(i18n, mark)}
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-sm font-medium wrap-anywhere">{title}</p>
        {children}
      </div>
    </li>
  );
}

function ChangeItem({ change }: { change: TRevisionChange }) {
  const { i18n } = useLingui();
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
        <Change mark={added ? 'added' : 'removed'} title={i18n._('Section “{block}”', { block: change.blockLabel })}>
          {change.text ? (
            <p className="line-clamp-6 text-sm wrap-anywhere whitespace-pre-line">
              {added ? <Added>{change.text}</Added> : <Removed>{change.text}</Removed>}
            </p>
          ) : null}
        </Change>
      );
    }
    case 'block_moved':
      return (
        <Change mark="moved" title={i18n._('Section “{block}” is in a new place', { block: change.blockLabel })} />
      );
    case 'block_changed':
      return (
        <Change mark="changed" title={i18n._('Section “{block}”', { block: change.blockLabel })}>
          {change.changes.map((c) => (
            <ValueChange key={c.label} change={c} />
          ))}
        </Change>
      );
    case 'text_changed':
      return (
        <Change mark="changed" title={i18n._('Text “{block}”', { block: change.blockLabel })}>
          <DiffText segments={change.segments} />
        </Change>
      );
    case 'line_added':
    case 'line_removed': {
      const added = change.kind === 'line_added';
      const line = `${change.description} — ${change.amount}`;
      return (
        <Change mark={added ? 'added' : 'removed'} title={i18n._('Line in “{table}”', { table: change.table })}>
          <p className="text-sm">{added ? <Added>{line}</Added> : <Removed>{line}</Removed>}</p>
        </Change>
      );
    }
    case 'line_changed':
      return (
        <Change
          mark="changed"
          title={i18n._('“{line}” in “{table}”', { line: change.description, table: change.table })}
        >
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
        <Change mark={added ? 'added' : 'removed'} title={i18n._('Milestone in the timeline')}>
          <p className="text-sm">{added ? <Added>{text}</Added> : <Removed>{text}</Removed>}</p>
        </Change>
      );
    }
    case 'milestone_changed':
      return (
        <Change mark="changed" title={i18n._('Milestone “{milestone}”', { milestone: change.title })}>
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
  const { i18n } = useLingui();
  if (changes.length === 0) {
    return (
      <p className="text-muted-foreground text-sm">{i18n._('No differences: these two revisions say the same.')}</p>
    );
  }
  return (
    <ul aria-label={i18n._('Changes')} className="divide-y">
      {changes.map((change, i) => (
        <ChangeItem key={i} change={change} />
      ))}
    </ul>
  );
}
