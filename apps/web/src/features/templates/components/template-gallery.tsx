import type { TTemplateSummary } from '@draftwell/shared/workspace/templates';
import { Trans, useLingui } from '@lingui/react';
import { Copy, LayoutTemplate, Loader2, Plus, RotateCw, Search, SearchX, TriangleAlert, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { EmptyState } from '@/components/layouts/page-frame';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentLocale } from '@/lib/api/business-profile';
import { useTemplateList } from '@/lib/api/template-list';
import { useTemplateCommands } from '../hooks/use-template-commands';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { RenameTemplateDialog } from './rename-template-dialog';
import { TemplateCard, type TTemplateCardActions } from './template-card';
import { TemplatePreviewDialog } from './template-preview-dialog';

const SEARCH_DELAY_MS = 250;
const GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

function CardSkeletons({ count }: { count: number }) {
  return (
    <div className={GRID} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="bg-card rounded-lg border shadow-sm">
          <Skeleton className="h-36 rounded-b-none" />
          <div className="space-y-3 p-4">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-4 w-full" />
            <div className="flex gap-2 pt-2">
              <Skeleton className="h-9 flex-1" />
              <Skeleton className="h-9 flex-1" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

function Section({
  title,
  description,
  children,
  actions,
}: {
  title: string;
  description: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          <p className="text-muted-foreground text-sm">{description}</p>
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** The gallery: six starter templates, then the user's own, searchable, with Load more. */
export function TemplateGallery() {
  const { i18n } = useLingui();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const list = useTemplateList(q);
  const commands = useTemplateCommands();
  const locale = useDocumentLocale();
  const [previewing, setPreviewing] = useState<TTemplateSummary | null>(null);
  const [renaming, setRenaming] = useState<TTemplateSummary | null>(null);

  const starters = list.data?.pages[0]?.starters ?? [];
  const own = list.data?.pages.flatMap((page) => page.items) ?? [];
  const searching = q !== '';
  const stale = search.trim() !== q || (list.isFetching && !list.isFetchingNextPage && !list.isPending);

  const actions: TTemplateCardActions = {
    onPreview: setPreviewing,
    onUse: commands.startFromTemplate,
    onDuplicate: commands.duplicateTemplate,
    onRename: setRenaming,
    onDelete: commands.deleteWithUndo,
  };
  const cards = (templates: TTemplateSummary[]) => (
    <ul className={GRID}>
      {templates.map((template) => (
        <TemplateCard
          key={template.id}
          template={template}
          actions={actions}
          using={commands.usingId === template.id}
          duplicating={commands.duplicatingId === template.id}
          locale={locale}
        />
      ))}
    </ul>
  );

  const newButton = (
    <Button onClick={commands.newTemplate} disabled={commands.creating}>
      {commands.creating ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Plus aria-hidden="true" />}
      {i18n._('New template')}
    </Button>
  );

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div role="status" aria-label={i18n._('Loading templates')} className="space-y-10">
        <CardSkeletons count={6} />
        <CardSkeletons count={3} />
      </div>
    );
  } else if (list.isError && !list.data) {
    body = (
      <div role="alert" className="bg-card flex flex-col items-center rounded-lg border px-6 py-14 text-center">
        <div className="bg-destructive/10 text-destructive mb-4 rounded-full p-3">
          <TriangleAlert className="size-6" aria-hidden="true" />
        </div>
        <h2 className="text-lg font-semibold">{i18n._('The templates did not load')}</h2>
        <p className="text-muted-foreground mt-2 max-w-md text-sm">{list.error.message}</p>
        <Button variant="outline" className="mt-4" onClick={() => void list.refetch()}>
          <RotateCw aria-hidden="true" />
          {i18n._('Retry')}
        </Button>
      </div>
    );
  } else if (searching && starters.length === 0 && own.length === 0) {
    body = (
      <EmptyState icon={<SearchX />} title={i18n._('No templates match “{q}”', { q })}>
        <p>{i18n._('Search looks in names, categories and descriptions. Try a shorter word.')}</p>
        <Button variant="outline" size="sm" className="mt-4" onClick={() => setSearch('')}>
          {i18n._('Clear search')}
        </Button>
      </EmptyState>
    );
  } else {
    body = (
      <div className="space-y-12">
        {starters.length > 0 ? (
          <Section
            title={i18n._('Starter templates')}
            description={i18n._(
              'Complete, ready-to-send proposals written for common kinds of work. Adapt one in minutes.',
            )}
          >
            {cards(starters)}
          </Section>
        ) : null}
        <Section
          title={i18n._('Your templates')}
          description={
            searching
              ? i18n._('Your templates matching “{q}”.', { q })
              : i18n._('Templates you saved or duplicated, most recently changed first.')
          }
        >
          {own.length > 0 ? (
            <>
              {cards(own)}
              {list.hasNextPage ? (
                <div className="flex justify-center">
                  <Button
                    variant="outline"
                    onClick={() => void list.fetchNextPage()}
                    disabled={list.isFetchingNextPage}
                  >
                    {list.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                    {i18n._('Load more')}
                  </Button>
                </div>
              ) : null}
              {list.isError ? (
                <p role="alert" className="text-destructive text-center text-sm">
                  {list.error.message}{' '}
                  <Button variant="link" size="sm" onClick={() => void list.fetchNextPage()}>
                    {i18n._('Try again')}
                  </Button>
                </p>
              ) : null}
            </>
          ) : searching ? (
            <p className="text-muted-foreground bg-card rounded-lg border border-dashed px-4 py-8 text-center text-sm">
              {i18n._('None of your own templates match “{q}”.', { q })}
            </p>
          ) : (
            <EmptyState icon={<LayoutTemplate />} title={i18n._('No templates of your own yet')}>
              <p>
                <Trans
                  id="Turn a proposal you are proud of into a template with <0>Save as template</0> in the editor, or pick a starter above and choose <1/> <2>Duplicate</2> to make it yours."
                  components={{
                    0: <strong />,
                    1: <Copy className="inline size-3.5 align-[-2px]" aria-hidden="true" />,
                    2: <strong />,
                  }}
                />
              </p>
              <div className="mt-4">{newButton}</div>
            </EmptyState>
          )}
        </Section>
      </div>
    );
  }

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="relative w-full max-w-sm">
          <label htmlFor={searchId} className="sr-only">
            {i18n._('Search templates')}
          </label>
          <Search
            className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            placeholder={i18n._('Search templates')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pr-9 pl-9"
            maxLength={200}
          />
          {search ? (
            <button
              type="button"
              onClick={() => setSearch('')}
              className="text-muted-foreground hover:text-foreground absolute top-1/2 right-2 -translate-y-1/2 rounded-sm p-1"
              aria-label={i18n._('Clear search')}
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          ) : null}
        </div>
        {newButton}
      </div>
      <div aria-busy={stale} className={stale ? 'opacity-70 transition-opacity' : 'transition-opacity'}>
        {body}
      </div>
      <TemplatePreviewDialog
        template={previewing}
        onOpenChange={(open) => !open && setPreviewing(null)}
        onUse={commands.startFromTemplate}
        onDuplicate={(template) => {
          commands.duplicateTemplate(template);
          setPreviewing(null);
        }}
        busy={{ using: commands.usingId === previewing?.id, duplicating: commands.duplicatingId === previewing?.id }}
      />
      <RenameTemplateDialog template={renaming} onOpenChange={(open) => !open && setRenaming(null)} />
    </div>
  );
}
