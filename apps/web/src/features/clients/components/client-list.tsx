import { Pencil, Plus, RotateCw, SearchX, Trash2, TriangleAlert, Users } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { TClient } from '@draftwell/shared/workspace/clients';
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
import { hideClientForDelete, useClientList } from '../api/clients';
import { useDebouncedValue } from '../utils/use-debounced-value';
import { ClientFormDialog } from './client-form-dialog';

const SEARCH_DELAY_MS = 300;
const UNDO_WINDOW_MS = 8000;

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading your clients" className="grid grid-cols-1 gap-2">
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="bg-card space-y-2 rounded-lg border p-4">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      ))}
    </div>
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

/** The saved clients: search, add, edit, delete (with Undo, which saves the client again). */
export function ClientList() {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const list = useClientList(q);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const [editing, setEditing] = useState<{ client: TClient | null } | null>(null);
  const [deleting, setDeleting] = useState<TClient | null>(null);
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

  // Delete with Undo: the client leaves the list at once and the DELETE is sent when the toast
  // closes without Undo, so an undone client keeps its id (and whatever points at it).
  const confirmDelete = (client: TClient) => {
    const pending = hideClientForDelete(queryClient, client.id);
    let settled = false;
    const commit = () => {
      if (settled) return;
      settled = true;
      pending
        .commit()
        .catch((error: Error) => toast.error('The client was not deleted', { description: error.message }));
    };
    toast.success(`Deleted “${client.name}”`, {
      description: 'It is gone for good once this message closes.',
      duration: UNDO_WINDOW_MS,
      action: {
        label: 'Undo',
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
  const addButton = (
    <Button onClick={() => setEditing({ client: null })}>
      <Plus aria-hidden="true" />
      Add client
    </Button>
  );

  let body: ReactNode;
  if (list.isPending) {
    body = <ListSkeleton />;
  } else if (list.isError && items.length === 0) {
    body = (
      <div role="alert">
        <ListMessage icon={<TriangleAlert />} title="Your clients did not load">
          <p>{list.error.message}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void list.refetch()}>
            <RotateCw aria-hidden="true" />
            Retry
          </Button>
        </ListMessage>
      </div>
    );
  } else if (items.length === 0 && q === '') {
    body = (
      <ListMessage icon={<Users />} title="No saved clients yet">
        <p>Save the people you write proposals for, and pick them in a click when you start a new one.</p>
        <div className="mt-4">{addButton}</div>
      </ListMessage>
    );
  } else if (items.length === 0) {
    body = (
      <ListMessage icon={<SearchX />} title="No clients match">
        <p>Nothing matches “{q}”. Try another name, company or email.</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => setSearch('')}>
          Clear search
        </Button>
      </ListMessage>
    );
  } else {
    body = (
      <>
        <ul aria-label="Saved clients" className="grid grid-cols-1 gap-2">
          {items.map((client) => (
            <li key={client.id} className="bg-card flex items-center gap-3 rounded-lg border p-4">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{client.name}</p>
                {client.company || client.email ? (
                  <p className="text-muted-foreground flex flex-wrap gap-x-3 text-sm">
                    {client.company ? <span className="max-w-full min-w-0 truncate">{client.company}</span> : null}
                    {client.email ? <span className="max-w-full min-w-0 truncate">{client.email}</span> : null}
                  </p>
                ) : null}
              </div>
              <div className="flex shrink-0 gap-1">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Edit ${client.name}`}
                  onClick={() => setEditing({ client })}
                >
                  <Pencil aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete ${client.name}`}
                  onClick={() => setDeleting(client)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
        {hasNextPage ? (
          <div ref={sentinel} className="flex justify-center pt-3">
            <Button variant="outline" size="sm" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
              {isFetchingNextPage ? 'Loading more…' : 'Load more'}
            </Button>
          </div>
        ) : null}
        {list.isFetchNextPageError ? (
          <p role="alert" className="text-destructive pt-2 text-center text-sm">
            {list.error?.message} Use Load more to try again.
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
            Saved clients
          </h2>
          <p className="text-muted-foreground text-sm">Pick them when you start a proposal.</p>
        </div>
        {addButton}
      </div>
      <div role="search" aria-label="Find clients" className="grid gap-1.5">
        <Label htmlFor={searchId}>Search clients</Label>
        <Input
          id={searchId}
          type="search"
          placeholder="Name, company or email"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {body}
      <ClientFormDialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        client={editing?.client ?? null}
      />
      <AlertDialog open={deleting !== null} onOpenChange={(open) => (open ? undefined : setDeleting(null))}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete {deleting?.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            The client leaves your saved list. You can undo it for a few seconds afterwards.
          </AlertDialogDescription>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogCancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialogCancel>
            <AlertDialogAction asChild>
              <Button variant="destructive" onClick={() => deleting && confirmDelete(deleting)}>
                Delete client
              </Button>
            </AlertDialogAction>
          </div>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
