import { useLingui } from '@lingui/react';
import type { InfiniteData, QueryClient, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, RotateCw, SearchX, Trash2, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { TListPage } from '@draftwell/shared/workspace/common';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { translated } from '@/lib/translated';

const SEARCH_DELAY_MS = 300;
const UNDO_WINDOW_MS = 8000;

/** Every sentence of a record list, in the words of what it lists. */
export type TRecordListText = {
  heading: string;
  subheading: string;
  /** "Saved clients": the list's accessible name. */
  listLabel: string;
  /** "Loading your clients" */
  loading: string;
  /** "Your clients did not load" */
  failed: string;
  emptyTitle: string;
  emptyBody: string;
  noMatchTitle: string;
  /** "Try another name, company or email." */
  noMatchHint: string;
  searchRegion: string;
  searchLabel: string;
  searchPlaceholder: string;
  add: string;
  /** Said in the confirmation before a delete. */
  deleteDescription: string;
  deleteButton: string;
  /** "The client was not deleted" */
  deleteFailed: string;
};

function ListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid grid-cols-1 gap-2">
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="bg-card space-y-2 rounded-lg border p-4">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      ))}
    </div>
  );
}

function RecordGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid grid-cols-1 gap-2">
      <h3 id={id} className="text-muted-foreground text-xs font-semibold tracking-wide uppercase">
        {title}
      </h3>
      <ul aria-labelledby={id} className="grid grid-cols-1 gap-2">
        {children}
      </ul>
    </section>
  );
}

function ListMessage({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="bg-card flex flex-col items-center rounded-lg border border-dashed px-6 py-12 text-center">
      <div className="bg-accent text-accent-foreground mb-3 rounded-full p-2.5 [&_svg]:size-5">{icon}</div>
      <h3 className="font-semibold">{title}</h3>
      <div className="text-muted-foreground mt-1 max-w-md text-sm">{children}</div>
    </div>
  );
}

/** Consecutive records of one group (the list comes ordered by it), in order. */
function groupRuns<T>(records: T[], groupOf: (record: T) => string): Array<{ group: string; records: T[] }> {
  const runs: Array<{ group: string; records: T[] }> = [];
  for (const record of records) {
    const group = groupOf(record);
    const last = runs.at(-1);
    if (last?.group === group) last.records.push(record);
    else runs.push({ group, records: [record] });
  }
  return runs;
}

/**
 * A searchable, paged list of the user's own records (clients, saved items, saved sections): add,
 * edit, and delete with Undo (the record leaves the list at once; the DELETE is sent when the toast
 * closes without Undo, so an undone record keeps its id and whatever points at it). Each state
 * says what it is: loading, failed with Retry, empty with Add, no match with Clear search.
 */
export function OwnedRecordList<T extends { id: string }>({
  text,
  emptyIcon,
  useList,
  hideForDelete,
  nameOf,
  deleteTitle,
  summary,
  form,
  editHref,
  addButton,
  groupOf,
  footer,
}: {
  text: TRecordListText;
  emptyIcon: ReactNode;
  useList: (q: string) => UseInfiniteQueryResult<InfiniteData<TListPage<T>>>;
  hideForDelete: (queryClient: QueryClient, id: string) => { commit: () => Promise<void>; undo: () => void };
  /** How a record is named in buttons and messages. */
  nameOf: (record: T) => string;
  deleteTitle: (record: T | null) => string;
  /** The line under the record's name. */
  summary: (record: T) => ReactNode;
  /** The add/edit dialog; `record` null adds one. */
  form?: (props: { open: boolean; onOpenChange: (open: boolean) => void; record: T | null }) => ReactNode;
  /** Edit opens this screen instead of the dialog. */
  editHref?: (record: T) => string;
  /** In place of the Add button (in the header and the empty state); null for none. */
  addButton?: ReactNode;
  /** Records under a heading per group (the list must come ordered by it), each group its own list. */
  groupOf?: (record: T) => string;
  /** Under the list, and under the empty state. */
  footer?: ReactNode;
}) {
  const { i18n } = useLingui();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const list = useList(q);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const [editing, setEditing] = useState<{ record: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const queryClient = useQueryClient();
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const confirmDelete = (record: T) => {
    const pending = hideForDelete(queryClient, record.id);
    let settled = false;
    const commit = () => {
      if (settled) return;
      settled = true;
      pending
        .commit()
        .catch((error: Error) => toast.error(text.deleteFailed, { description: translated(i18n, error.message) }));
    };
    toast.success(i18n._('Deleted “{name}”', { name: nameOf(record) }), {
      description: i18n._('It is gone for good once this message closes.'),
      duration: UNDO_WINDOW_MS,
      action: {
        label: i18n._('Undo'),
        onClick: () => {
          if (settled) return;
          settled = true;
          pending.undo();
        },
      },
      onAutoClose: commit,
      onDismiss: commit,
    });
  };

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const add =
    addButton !== undefined ? (
      addButton
    ) : (
      <Button onClick={() => setEditing({ record: null })}>
        <Plus aria-hidden="true" />
        {text.add}
      </Button>
    );

  const row = (record: T) => (
    <li key={record.id} className="bg-card flex items-center gap-3 rounded-lg border p-4">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{nameOf(record)}</p>
        {summary(record)}
      </div>
      <div className="flex shrink-0 gap-1">
        {editHref ? (
          <Button asChild variant="ghost" size="icon">
            <Link to={editHref(record)} aria-label={i18n._('Edit {name}', { name: nameOf(record) })}>
              <Pencil aria-hidden="true" />
            </Link>
          </Button>
        ) : (
          <Button
            variant="ghost"
            size="icon"
            aria-label={i18n._('Edit {name}', { name: nameOf(record) })}
            onClick={() => setEditing({ record })}
          >
            <Pencil aria-hidden="true" />
          </Button>
        )}
        <Button
          variant="ghost"
          size="icon"
          aria-label={i18n._('Delete {name}', { name: nameOf(record) })}
          onClick={() => setDeleting(record)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );

  let body: ReactNode;
  if (list.isPending) {
    body = <ListSkeleton label={text.loading} />;
  } else if (list.isError && items.length === 0) {
    body = (
      <div role="alert">
        <ListMessage icon={<TriangleAlert />} title={text.failed}>
          <p>{list.error.message}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void list.refetch()}>
            <RotateCw aria-hidden="true" />
            {i18n._('Retry')}
          </Button>
        </ListMessage>
      </div>
    );
  } else if (items.length === 0 && q === '') {
    body = (
      <ListMessage icon={emptyIcon} title={text.emptyTitle}>
        <p>{text.emptyBody}</p>
        {add ? <div className="mt-4">{add}</div> : null}
      </ListMessage>
    );
  } else if (items.length === 0) {
    body = (
      <ListMessage icon={<SearchX />} title={text.noMatchTitle}>
        <p>
          {i18n._('Nothing matches “{q}”.', { q })} {text.noMatchHint}
        </p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => setSearch('')}>
          {i18n._('Clear search')}
        </Button>
      </ListMessage>
    );
  } else {
    body = (
      <>
        {groupOf ? (
          <div role="group" aria-label={text.listLabel} className="grid grid-cols-1 gap-5">
            {groupRuns(items, groupOf).map((run) => (
              <RecordGroup key={run.group} title={run.group}>
                {run.records.map(row)}
              </RecordGroup>
            ))}
          </div>
        ) : (
          <ul aria-label={text.listLabel} className="grid grid-cols-1 gap-2">
            {items.map(row)}
          </ul>
        )}
        {hasNextPage ? (
          <div ref={sentinel} className="flex justify-center pt-3">
            <Button variant="outline" size="sm" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
              {isFetchingNextPage ? i18n._('Loading more…') : i18n._('Load more')}
            </Button>
          </div>
        ) : null}
        {list.isFetchNextPageError ? (
          <p role="alert" className="text-destructive pt-2 text-center text-sm">
            {list.error?.message} {i18n._('Use Load more to try again.')}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby={`${searchId}-title`} className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${searchId}-title`} className="text-lg font-semibold">
            {text.heading}
          </h2>
          <p className="text-muted-foreground text-sm">{text.subheading}</p>
        </div>
        {add}
      </div>
      <div role="search" aria-label={text.searchRegion} className="grid gap-1.5">
        <Label htmlFor={searchId}>{text.searchLabel}</Label>
        <Input
          id={searchId}
          type="search"
          placeholder={text.searchPlaceholder}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {body}
      {footer}
      {form?.({
        open: editing !== null,
        onOpenChange: (open) => {
          if (!open) setEditing(null);
        },
        record: editing?.record ?? null,
      })}
      <AlertDialog open={deleting !== null} onOpenChange={(open) => (open ? undefined : setDeleting(null))}>
        <AlertDialogContent>
          <AlertDialogTitle>{deleteTitle(deleting)}</AlertDialogTitle>
          <AlertDialogDescription>{text.deleteDescription}</AlertDialogDescription>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogCancel asChild>
              <Button variant="outline">{i18n._('Cancel')}</Button>
            </AlertDialogCancel>
            <AlertDialogAction asChild>
              <Button variant="destructive" onClick={() => deleting && confirmDelete(deleting)}>
                {text.deleteButton}
              </Button>
            </AlertDialogAction>
          </div>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
