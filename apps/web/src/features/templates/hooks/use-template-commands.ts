import type { TTemplateSummary } from '@draftwell/shared/workspace/templates';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { appI18n } from '@/lib/app-language';
import { templateKeys } from '@/lib/api/query-keys';
import { isPlanLimitError } from '@/lib/api-client';
import {
  deleteTemplate,
  hideTemplateFromLists,
  useCreateTemplate,
  useDuplicateTemplate,
  useProposalFromTemplate,
} from '../api/template-actions';
import { translated } from '@/lib/translated';

const UNDO_WINDOW_MS = 8000;

/** The gallery's actions with their toasts and navigation, shared by the cards and the preview. */
export function useTemplateCommands() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fromTemplate = useProposalFromTemplate();
  const duplicate = useDuplicateTemplate();
  const create = useCreateTemplate();

  const startFromTemplate = useCallback(
    (template: Pick<TTemplateSummary, 'id' | 'name'>) => {
      fromTemplate.mutate(template.id, {
        onSuccess: (proposal) => {
          const i18n = appI18n();
          toast.success(i18n._('Draft created'), {
            description: i18n._('“{title}” is ready to edit, from “{template}”.', {
              title: proposal.title,
              template: template.name,
            }),
          });
          void navigate(paths.editDraft(proposal.id));
        },
        onError: (error) => {
          const i18n = appI18n();
          toast.error(i18n._('Could not create a draft from this template'), {
            description: translated(i18n, error.message),
          });
        },
      });
    },
    [fromTemplate, navigate],
  );

  const duplicateTemplate = useCallback(
    (template: Pick<TTemplateSummary, 'id' | 'name'>) => {
      duplicate.mutate(template.id, {
        onSuccess: (copy) => {
          const i18n = appI18n();
          toast.success(i18n._('Template duplicated'), {
            description: i18n._('“{name}” is in Your templates.', { name: copy.name }),
            action: { label: i18n._('Edit'), onClick: () => void navigate(paths.templateEdit(copy.id)) },
          });
        },
        // A plan limit is offered as an upgrade by the app-wide listener instead.
        onError: (error) => {
          if (isPlanLimitError(error)) return;
          const i18n = appI18n();
          toast.error(i18n._('Could not duplicate the template'), { description: translated(i18n, error.message) });
        },
      });
    },
    [duplicate, navigate],
  );

  const newTemplate = useCallback(() => {
    const i18n = appI18n();
    create.mutate(
      { name: i18n._('Untitled template'), document: { version: 1, blocks: [] } },
      {
        onSuccess: (template) => void navigate(paths.templateEdit(template.id)),
        onError: (error) => {
          if (isPlanLimitError(error)) return;
          toast.error(i18n._('Could not create a template'), { description: translated(i18n, error.message) });
        },
      },
    );
  }, [create, navigate]);

  /**
   * Delete with Undo: the template leaves the gallery at once and the DELETE is sent only when
   * the toast closes without Undo. Closing the tab inside the window keeps the template, the safe
   * way round.
   */
  const deleteWithUndo = useCallback(
    (template: Pick<TTemplateSummary, 'id' | 'name'>) => {
      const restore = hideTemplateFromLists(queryClient, template.id);
      let undone = false;
      let sent = false;
      const commit = () => {
        if (undone || sent) return;
        sent = true;
        deleteTemplate(template.id)
          .then(() => {
            queryClient.removeQueries({ queryKey: templateKeys.detail(template.id) });
            return queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
          })
          .catch((error: Error) => {
            restore();
            const i18n = appI18n();
            toast.error(i18n._('The template was not deleted'), { description: translated(i18n, error.message) });
          });
      };
      const i18n = appI18n();
      toast.success(i18n._('Deleted “{name}”', { name: template.name }), {
        description: i18n._('It is gone for good once this message closes.'),
        duration: UNDO_WINDOW_MS,
        action: {
          label: i18n._('Undo'),
          onClick: () => {
            undone = true;
            restore();
          },
        },
        onAutoClose: commit,
        onDismiss: commit,
      });
    },
    [queryClient],
  );

  return {
    startFromTemplate,
    duplicateTemplate,
    newTemplate,
    deleteWithUndo,
    /** The template id whose draft is being created, to show a spinner on its button. */
    usingId: fromTemplate.isPending ? fromTemplate.variables : null,
    duplicatingId: duplicate.isPending ? duplicate.variables : null,
    creating: create.isPending,
  };
}
