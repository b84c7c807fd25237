import type { TBlockType } from '@draftwell/shared/document';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import type { TSavedSectionSummary } from '@draftwell/shared/workspace/saved-sections';
import { useLingui } from '@lingui/react';
import { BookMarked, Loader2, Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import { OwnedRecordList, type TRecordListText } from '@/components/owned-record-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { appI18n } from '@/lib/app-language';
import { hideSavedSectionForDelete, useAddExampleSections, useSavedSectionList } from '@/lib/api/saved-sections';
import { translated } from '@/lib/translated';

const text = (i18n: I18n): TRecordListText => ({
  heading: i18n._('Saved sections'),
  subheading: i18n._('Blocks you reuse (about us, your process, terms), ready to insert into any proposal.'),
  listLabel: i18n._('Saved sections'),
  loading: i18n._('Loading your saved sections'),
  failed: i18n._('Your saved sections did not load'),
  emptyTitle: i18n._('No saved sections yet'),
  emptyBody: i18n._(
    'In the editor, select the blocks you use again and again, then choose Sections → Save selection as a section. Or start from our examples.',
  ),
  noMatchTitle: i18n._('No sections match'),
  noMatchHint: i18n._('Try another name or category.'),
  searchRegion: i18n._('Find saved sections'),
  searchLabel: i18n._('Search saved sections'),
  searchPlaceholder: i18n._('Name or category'),
  add: i18n._('Add the example sections'),
  deleteDescription: i18n._(
    'The section leaves your library; proposals and templates it was inserted into keep their copy. You can undo this for a few seconds afterwards.',
  ),
  deleteButton: i18n._('Delete section'),
  deleteFailed: i18n._('The section was not deleted'),
});

const blockBadges = (i18n: I18n): Record<Exclude<TBlockType, 'rich_text'>, string> => ({
  pricing_table: i18n._('Pricing'),
  timeline: i18n._('Timeline'),
  signature: i18n._('Signatures'),
  page_break: i18n._('Page break'),
});

/** Copies the examples the library lacks; says how many came, or that all four are there. */
function AddExamplesButton() {
  const { i18n } = useLingui();
  const examples = useAddExampleSections();
  return (
    <Button
      variant="outline"
      disabled={examples.isPending}
      onClick={() =>
        examples.mutate(undefined, {
          onSuccess: ({ added, examples: all }) => {
            const i18n = appI18n();
            if (added === 0) {
              toast(i18n._('The examples are all in your library'), {
                description: i18n._(
                  'All {count} are there already (edited or not); delete one to get the original back.',
                  { count: all },
                ),
              });
            } else {
              toast.success(
                i18n._('{count, plural, one {Example section added} other {# example sections added}}', {
                  count: added,
                }),
              );
            }
          },
          onError: (error) => {
            const i18n = appI18n();
            toast.error(i18n._('The examples were not added'), { description: translated(i18n, error.message) });
          },
        })
      }
    >
      {examples.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
      {text(i18n).add}
    </Button>
  );
}

function SectionSummary({ section }: { section: TSavedSectionSummary }) {
  const { i18n } = useLingui();
  const badges = blockBadges(i18n);
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
              {badges[kind]}
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
  const { i18n } = useLingui();
  return (
    <OwnedRecordList<TSavedSectionSummary>
      text={text(i18n)}
      emptyIcon={<BookMarked />}
      useList={useSavedSectionList}
      hideForDelete={hideSavedSectionForDelete}
      nameOf={(section) => section.name}
      deleteTitle={(section) => i18n._('Delete “{name}”?', { name: section?.name ?? '' })}
      summary={(section) => <SectionSummary section={section} />}
      editHref={(section) => paths.sectionEdit(section.id)}
      groupOf={(section) => section.category}
      addButton={<AddExamplesButton />}
    />
  );
}
