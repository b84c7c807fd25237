import type { I18n } from '@draftwell/shared/i18n/i18n';
import type { TClient } from '@draftwell/shared/workspace/clients';
import { useLingui } from '@lingui/react';
import { Users } from 'lucide-react';
import { OwnedRecordList, type TRecordListText } from '@/components/owned-record-list';
import { hideClientForDelete, useClientList } from '@/lib/api/clients';
import { ClientFormDialog } from './client-form-dialog';

const text = (i18n: I18n): TRecordListText => ({
  heading: i18n._('Saved clients'),
  subheading: i18n._('Pick them when you start a proposal.'),
  listLabel: i18n._('Saved clients'),
  loading: i18n._('Loading your clients'),
  failed: i18n._('Your clients did not load'),
  emptyTitle: i18n._('No saved clients yet'),
  emptyBody: i18n._('Save the people you write proposals for, and pick them in a click when you start a new one.'),
  noMatchTitle: i18n._('No clients match'),
  noMatchHint: i18n._('Try another name, company or email.'),
  searchRegion: i18n._('Find clients'),
  searchLabel: i18n._('Search clients'),
  searchPlaceholder: i18n._('Name, company or email'),
  add: i18n._('Add client'),
  deleteDescription: i18n._('The client leaves your saved list. You can undo it for a few seconds afterwards.'),
  deleteButton: i18n._('Delete client'),
  deleteFailed: i18n._('The client was not deleted'),
});

/** The saved clients: search, add, edit, delete (with Undo, which saves the client again). */
export function ClientList() {
  const { i18n } = useLingui();
  return (
    <OwnedRecordList<TClient>
      text={text(i18n)}
      emptyIcon={<Users />}
      useList={useClientList}
      hideForDelete={hideClientForDelete}
      nameOf={(client) => client.name}
      deleteTitle={(client) => i18n._('Delete {name}?', { name: client?.name ?? '' })}
      summary={(client) =>
        client.company || client.email ? (
          <p className="text-muted-foreground flex flex-wrap gap-x-3 text-sm">
            {client.company ? <span className="max-w-full min-w-0 truncate">{client.company}</span> : null}
            {client.email ? <span className="max-w-full min-w-0 truncate">{client.email}</span> : null}
          </p>
        ) : null
      }
      form={({ open, onOpenChange, record }) => (
        <ClientFormDialog open={open} onOpenChange={onOpenChange} client={record} />
      )}
    />
  );
}
