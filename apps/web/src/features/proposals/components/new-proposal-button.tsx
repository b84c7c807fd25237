import { Plus } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, type TButtonProps } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCreateProposal } from '../api/create-proposal';

/** Creates a blank draft and opens it. */
export function NewProposalButton(props: Omit<TButtonProps, 'onClick' | 'children'>) {
  const create = useCreateProposal();
  const navigate = useNavigate();
  const onClick = () =>
    create.mutate(undefined, {
      onSuccess: (proposal) => void navigate(paths.editDraft(proposal.id)),
      onError: (error) => toast.error('Could not create the proposal', { description: error.message }),
    });
  return (
    <Button {...props} onClick={onClick} disabled={create.isPending} aria-busy={create.isPending || undefined}>
      <Plus aria-hidden="true" />
      New proposal
    </Button>
  );
}
