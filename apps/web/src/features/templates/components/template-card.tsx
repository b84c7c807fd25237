import { formatDate } from '@draftwell/shared/i18n/format';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { useLingui } from '@lingui/react';
import type { TTemplateSummary } from '@draftwell/shared/workspace/templates';
import { Copy, Eye, Loader2, MoreHorizontal, Pencil, TextCursorInput, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { TemplateThumbnail } from './template-thumbnail';

export type TTemplateCardActions = {
  onPreview: (template: TTemplateSummary) => void;
  onUse: (template: TTemplateSummary) => void;
  onDuplicate: (template: TTemplateSummary) => void;
  onRename: (template: TTemplateSummary) => void;
  onDelete: (template: TTemplateSummary) => void;
};

function updatedLabel(i18n: I18n, iso: string | null, locale: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return i18n._('Updated {date}', { date: formatDate(date, locale, { dateStyle: 'medium' }) });
}

export function TemplateCard({
  template,
  actions,
  using,
  duplicating,
  locale,
}: {
  template: TTemplateSummary;
  actions: TTemplateCardActions;
  using: boolean;
  duplicating: boolean;
  /** The owner's document locale, for the date. */
  locale: string;
}) {
  const { i18n } = useLingui();
  const titleId = useId();
  const own = template.kind === 'own';
  const meta = own ? updatedLabel(i18n, template.updatedAt, locale) : null;
  return (
    <li className="list-none">
      <article
        aria-labelledby={titleId}
        className="bg-card text-card-foreground hover:border-primary/40 flex h-full flex-col rounded-lg border shadow-sm transition-colors"
      >
        <TemplateThumbnail template={template} />
        <div className="flex flex-1 flex-col gap-2 p-4">
          <div className="flex items-start justify-between gap-2">
            <h3 id={titleId} className="line-clamp-2 leading-snug font-semibold break-words">
              {template.name}
            </h3>
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button
                  variant="ghost"
                  size="icon"
                  className="-mt-1.5 -mr-2 size-8 shrink-0"
                  aria-label={i18n._('More actions for {name}', { name: template.name })}
                >
                  <MoreHorizontal aria-hidden="true" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuItem onSelect={() => actions.onDuplicate(template)} disabled={duplicating}>
                  <Copy aria-hidden="true" />
                  {i18n._('Duplicate')}
                </DropdownMenuItem>
                {own ? (
                  <>
                    <DropdownMenuItem onSelect={() => actions.onRename(template)}>
                      <TextCursorInput aria-hidden="true" />
                      {i18n._('Rename')}
                    </DropdownMenuItem>
                    <DropdownMenuItem asChild>
                      <Link to={paths.templateEdit(template.id)}>
                        <Pencil aria-hidden="true" />
                        {i18n._('Edit')}
                      </Link>
                    </DropdownMenuItem>
                    <DropdownMenuSeparator />
                    <DropdownMenuItem destructive onSelect={() => actions.onDelete(template)}>
                      <Trash2 aria-hidden="true" />
                      {i18n._('Delete')}
                    </DropdownMenuItem>
                  </>
                ) : null}
              </DropdownMenuContent>
            </DropdownMenu>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {template.category ? <Badge>{template.category}</Badge> : null}
            {meta ? <span className="text-muted-foreground text-xs">{meta}</span> : null}
          </div>
          {template.description ? (
            <p className="text-muted-foreground line-clamp-3 text-sm">{template.description}</p>
          ) : null}
          <div className="mt-auto flex flex-wrap gap-2 pt-3">
            <Button size="sm" onClick={() => actions.onUse(template)} disabled={using} className="flex-1">
              {using ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {i18n._('Use template')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => actions.onPreview(template)} className="flex-1">
              <Eye aria-hidden="true" />
              {i18n._('Preview')}
            </Button>
          </div>
        </div>
      </article>
    </li>
  );
}
