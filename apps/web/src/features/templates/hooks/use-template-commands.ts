import type { TTemplateSummary } from '@draftwell/shared/workspace/templates';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { templateKeys } from '@/lib/api/query-keys';
import { isPlanLimitError } from '@/lib/api-client';
import {
  deleteTemplate,
  hideTemplateFromLists,
  useCreateTemplate,
  useDuplicateTemplate,
  useProposalFromTemplate,
} from '../api/template-actions';

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
          toast.success('Draft created', {
            description: `“${proposal.title}” is ready to edit, from “${template.name}”.`,
          });
          void navigate(paths.editDraft(proposal.id));
        },
        onError: (error) => toast.error('Could not create a draft from this template', { description: error.message }),
      });
    },
    [fromTemplate, navigate],
  );

  const duplicateTemplate = useCallback(
    (template: Pick<TTemplateSummary, 'id' | 'name'>) => {
      duplicate.mutate(template.id, {
        onSuccess: (copy) =>
          toast.success('Template duplicated', {
            description: `“${copy.name}” is in Your templates.`,
            action: { label: 'Edit', onClick: () => void navigate(paths.templateEdit(copy.id)) },
          }),
        // A plan limit is offered as an upgrade by the app-wide listener instead.
        onError: (error) =>
          isPlanLimitError(error) || toast.error('Could not duplicate the template', { description: error.message }),
      });
    },
    [duplicate, navigate],
  );

  const newTemplate = useCallback(() => {
    create.mutate(
      { name: 'Untitled template', document: { version: 1, blocks: [] } },
      {
        onSuccess: (template) => void navigate(paths.templateEdit(template.id)),
        onError: (error) =>
          isPlanLimitError(error) || toast.error('Could not create a template', { description: error.message }),
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
            toast.error('The template was not deleted', { description: error.message });
          });
      };
      toast.success(`Deleted “${template.name}”`, {
        description: 'It is gone for good once this message closes.',
        duration: UNDO_WINDOW_MS,
        action: {
          label: 'Undo',
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
