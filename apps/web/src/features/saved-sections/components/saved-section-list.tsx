import type { TBlockType } from '@draftwell/shared/document';
import type { TSavedSectionSummary } from '@draftwell/shared/workspace/saved-sections';
import { BookMarked, Loader2, Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import { OwnedRecordList } from '@/components/owned-record-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { hideSavedSectionForDelete, useAddExampleSections, useSavedSectionList } from '@/lib/api/saved-sections';

const TEXT = {
  heading: 'Saved sections',
  subheading: 'Blocks you reuse (about us, your process, terms), ready to insert into any proposal.',
  listLabel: 'Saved sections',
  loading: 'Loading your saved sections',
  failed: 'Your saved sections did not load',
  emptyTitle: 'No saved sections yet',
  emptyBody:
    'In the editor, select the blocks you use again and again, then choose Sections → Save selection as a section. Or start from our examples.',
  noMatchTitle: 'No sections match',
  noMatchHint: 'Try another name or category.',
  searchRegion: 'Find saved sections',
  searchLabel: 'Search saved sections',
  searchPlaceholder: 'Name or category',
  add: 'Add the example sections',
  deleteDescription:
    'The section leaves your library; proposals and templates it was inserted into keep their copy. You can undo this for a few seconds afterwards.',
  deleteButton: 'Delete section',
  deleteFailed: 'The section was not deleted',
};

const BLOCK_BADGES: Record<Exclude<TBlockType, 'rich_text'>, string> = {
  pricing_table: 'Pricing',
  timeline: 'Timeline',
  signature: 'Signatures',
  page_break: 'Page break',
};

/** Copies the examples the library lacks; says how many came, or that all four are there. */
function AddExamplesButton() {
  const examples = useAddExampleSections();
  return (
    <Button
      variant="outline"
      disabled={examples.isPending}
      onClick={() =>
        examples.mutate(undefined, {
          onSuccess: ({ added, examples: all }) =>
            added === 0
              ? toast('The examples are all in your library', {
                  description: `All ${all} are there already (edited or not); delete one to get the original back.`,
                })
              : toast.success(added === 1 ? 'Example section added' : `${added} example sections added`),
          onError: (error) => toast.error('The examples were not added', { description: error.message }),
        })
      }
    >
      {examples.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
      {TEXT.add}
    </Button>
  );
}

function SectionSummary({ section }: { section: TSavedSectionSummary }) {
  const kinds = [...new Set(section.blockTypes)].filter(
    (t): t is Exclude<TBlockType, 'rich_text'> => t !== 'rich_text',
  );
  return (
    <div className="grid gap-1">
      <p className="text-muted-foreground line-clamp-2 text-sm break-words">{section.preview}</p>
      {kinds.length > 0 ? (
        <p className="flex flex-wrap gap-1">
          {kinds.map((kind) => (
            <Badge key={kind} variant="outline">
              {BLOCK_BADGES[kind]}
            </Badge>
          ))}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The library's sections by category: search, edit (name, category and content, on the section's
 * own screen), delete with Undo, and the examples to start from.
 */
export function SavedSectionList() {
  return (
    <OwnedRecordList<TSavedSectionSummary>
      text={TEXT}
      emptyIcon={<BookMarked />}
      useList={useSavedSectionList}
      hideForDelete={hideSavedSectionForDelete}
      nameOf={(section) => section.name}
      deleteTitle={(section) => `Delete “${section?.name ?? ''}”?`}
      summary={(section) => <SectionSummary section={section} />}
      editHref={(section) => paths.sectionEdit(section.id)}
      groupOf={(section) => section.category}
      addButton={<AddExamplesButton />}
    />
  );
}
