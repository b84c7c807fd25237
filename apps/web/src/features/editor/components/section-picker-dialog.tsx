import type { TBlockType } from '@draftwell/shared/document';
import type { TSavedSection, TSavedSectionSummary } from '@draftwell/shared/workspace/saved-sections';
import { useQueryClient } from '@tanstack/react-query';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { useLingui } from '@lingui/react';
import { BookMarked, Loader2, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAddExampleSections, savedSectionQueryOptions, useSavedSectionList } from '@/lib/api/saved-sections';
import { appI18n } from '@/lib/app-language';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const blockBadges = (i18n: I18n): Record<Exclude<TBlockType, 'rich_text'>, string> => ({
  pricing_table: i18n._('Pricing'),
  timeline: i18n._('Timeline'),
  signature: i18n._('Signatures'),
  page_break: i18n._('Page break'),
});

/** The sections of a page run, grouped under their category (the list comes ordered by it). */
function byCategory(items: TSavedSectionSummary[]): Array<{ category: string; items: TSavedSectionSummary[] }> {
  const groups: Array<{ category: string; items: TSavedSectionSummary[] }> = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last?.category === item.category) last.items.push(item);
    else groups.push({ category: item.category, items: [item] });
  }
  return groups;
}

export type TSectionPickerDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the whole section once its content is here; the dialog closes. */
  onInsert: (section: TSavedSection) => void;
  /** Where focus goes once the dialog has closed (the editor's text). */
  onCloseAutoFocus?: (event: Event) => void;
};

/** Finds a saved section by name or category and inserts it where the cursor is. */
export function SectionPickerDialog({ open, onOpenChange, onInsert, onCloseAutoFocus }: TSectionPickerDialogProps) {
  const { i18n } = useLingui();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="gap-3" wide onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{i18n._('Insert a saved section')}</DialogTitle>
          <DialogDescription>
            {i18n._('It goes below the line holding the cursor. Its variables fill in with this proposal’s details.')}
          </DialogDescription>
        </DialogHeader>
        {open ? <SectionPicker onInsert={onInsert} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function SectionPicker({ onInsert }: { onInsert: (section: TSavedSection) => void }) {
  const { i18n } = useLingui();
  const searchId = useId();
  const [q, setQ] = useState('');
  const query = useDebouncedValue(q.trim(), 250);
  const list = useSavedSectionList(query);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const insert = async (summary: TSavedSectionSummary) => {
    setPending(summary.id);
    setFailure(null);
    try {
      // Always the content as it is now: it may have been edited in another tab.
      const section = await queryClient.fetchQuery({ ...savedSectionQueryOptions(summary.id), staleTime: 0 });
      onInsert(section);
    } catch (error) {
      const i18n = appI18n();
      setFailure(
        i18n._('“{name}” could not be loaded: {reason}', {
          name: summary.name,
          reason: error instanceof Error ? error.message : i18n._('try again in a moment.'),
        }),
      );
    } finally {
      setPending(null);
    }
  };

  return (
    <div className="grid gap-3">
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          {i18n._('Search saved sections')}
        </label>
        <Search
          aria-hidden="true"
          className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2"
        />
        <Input
          id={searchId}
          type="search"
          className="pl-9"
          placeholder={i18n._('Search by name or category')}
          value={q}
          onChange={(event) => setQ(event.target.value)}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog opens to find a section
          autoFocus
        />
      </div>
      {failure ? (
        <p role="alert" className="text-destructive text-sm">
          {failure}
        </p>
      ) : null}

      {list.isPending ? (
        <div role="status" aria-label={i18n._('Loading saved sections')} className="grid gap-2">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : list.isError ? (
        <div
          role="alert"
          className="border-destructive/40 grid justify-items-start gap-2 rounded-md border p-4 text-sm"
        >
          <p>{i18n._('Your saved sections could not be loaded. Check your connection and try again.')}</p>
          <Button type="button" variant="outline" size="sm" onClick={() => void list.refetch()}>
            {i18n._('Retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        query ? (
          <p className="text-muted-foreground py-6 text-center text-sm">
            {i18n._('No saved section matches “{query}”.', { query })}
          </p>
        ) : (
          <EmptyLibrary />
        )
      ) : (
        <>
          <div className="grid max-h-[55dvh] gap-4 overflow-y-auto pr-1">
            {byCategory(items).map((group) => (
              <SectionGroup key={group.category} {...group} pending={pending} onInsert={(s) => void insert(s)} />
            ))}
          </div>
          {list.hasNextPage ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? (
                <Spinner className="[&>span]:size-4 [&>span]:border-2" label={i18n._('Loading more')} />
              ) : null}
              {i18n._('Show more')}
            </Button>
          ) : null}
          {list.isFetchNextPageError ? (
            <p role="alert" className="text-destructive text-sm">
              {i18n._('More sections could not be loaded; try again.')}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

function SectionGroup({
  category,
  items,
  pending,
  onInsert,
}: {
  category: string;
  items: TSavedSectionSummary[];
  pending: string | null;
  onInsert: (section: TSavedSectionSummary) => void;
}) {
  const { i18n } = useLingui();
  const headingId = useId();
  const badges = blockBadges(i18n);
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-muted-foreground text-xs font-semibold tracking-wide uppercase">
        {category}
      </h3>
      <ul aria-labelledby={headingId} className="grid gap-2">
        {items.map((item) => (
          <li key={item.id} className="flex items-start gap-3 rounded-md border p-3">
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <span className="min-w-0 break-words">{item.name}</span>
                {item.blockTypes
                  .filter((t): t is Exclude<TBlockType, 'rich_text'> => t !== 'rich_text')
                  .filter((t, i, all) => all.indexOf(t) === i)
                  .map((t) => (
                    <Badge key={t} variant="outline">
                      {badges[t]}
                    </Badge>
                  ))}
              </p>
              <p className="text-muted-foreground line-clamp-2 text-sm break-words">{item.preview}</p>
            </div>
            <Button
              type="button"
              size="sm"
              disabled={pending !== null}
              aria-label={i18n._('Insert {name}', { name: item.name })}
              onClick={() => onInsert(item)}
            >
              {pending === item.id ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {i18n._('Insert')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function EmptyLibrary() {
  const { i18n } = useLingui();
  const examples = useAddExampleSections();
  return (
    <div className="flex flex-col items-center rounded-md border border-dashed px-4 py-8 text-center">
      <BookMarked aria-hidden="true" className="text-muted-foreground mb-2 size-6" />
      <p className="font-medium">{i18n._('No saved sections yet')}</p>
      <p className="text-muted-foreground mt-1 max-w-sm text-sm">
        {i18n._(
          'Select blocks in the editor and choose Sections, then Save as section. Or start from our examples: about us, process, terms and a case study.',
        )}
      </p>
      <div className="mt-3 flex flex-wrap justify-center gap-2">
        <Button type="button" size="sm" disabled={examples.isPending} onClick={() => examples.mutate()}>
          {examples.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {i18n._('Add the example sections')}
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link to={paths.library}>{i18n._('Open the library')}</Link>
        </Button>
      </div>
      {examples.isError ? (
        <p role="alert" className="text-destructive mt-2 text-sm">
          {examples.error.message}
        </p>
      ) : null}
    </div>
  );
}
