import { Users } from 'lucide-react';
import type { TClient } from '@draftwell/shared/workspace/clients';
import { OwnedRecordList } from '@/components/owned-record-list';
import { hideClientForDelete, useClientList } from '@/lib/api/clients';
import { ClientFormDialog } from './client-form-dialog';

const TEXT = {
  heading: 'Saved clients',
  subheading: 'Pick them when you start a proposal.',
  listLabel: 'Saved clients',
  loading: 'Loading your clients',
  failed: 'Your clients did not load',
  emptyTitle: 'No saved clients yet',
  emptyBody: 'Save the people you write proposals for, and pick them in a click when you start a new one.',
  noMatchTitle: 'No clients match',
  noMatchHint: 'Try another name, company or email.',
  searchRegion: 'Find clients',
  searchLabel: 'Search clients',
  searchPlaceholder: 'Name, company or email',
  add: 'Add client',
  deleteDescription: 'The client leaves your saved list. You can undo it for a few seconds afterwards.',
  deleteButton: 'Delete client',
  deleteFailed: 'The client was not deleted',
};

/** The saved clients: search, add, edit, delete (with Undo, which saves the client again). */
export function ClientList() {
  return (
    <OwnedRecordList<TClient>
      text={TEXT}
      emptyIcon={<Users />}
      useList={useClientList}
      hideForDelete={hideClientForDelete}
      nameOf={(client) => client.name}
      deleteTitle={(client) => `Delete ${client?.name ?? ''}?`}
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
