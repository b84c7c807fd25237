import { useLingui } from '@lingui/react';
import { ChevronDown, FilePlus2, LayoutTemplate, Plus, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, type TButtonProps } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { BriefDialog } from '@/features/drafting/components/brief-dialog';
import { useCreateProposal } from '@/features/proposals/api/create-proposal';
import { translated } from '@/lib/translated';

/** New proposal: a blank draft, one from a template, or one drafted from a short brief. */
export function NewProposalButton(props: Omit<TButtonProps, 'onClick' | 'children'>) {
  const { i18n } = useLingui();
  const create = useCreateProposal();
  const navigate = useNavigate();
  const [briefOpen, setBriefOpen] = useState(false);
  const blank = () =>
    create.mutate(undefined, {
      onSuccess: (proposal) => void navigate(paths.editDraft(proposal.id)),
      onError: (error) =>
        toast.error(i18n._('Could not create the proposal'), { description: translated(i18n, error.message) }),
    });
  return (
    <>
      {/* Not modal: a dialog opened from an item must not inherit the menu's pointer lock. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button {...props} disabled={create.isPending} aria-busy={create.isPending || undefined}>
            <Plus aria-hidden="true" />
            {i18n._('New proposal')}
            <ChevronDown aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={blank}>
            <FilePlus2 aria-hidden="true" />
            {i18n._('Blank proposal')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void navigate(paths.templates)}>
            <LayoutTemplate aria-hidden="true" />
            {i18n._('From a template')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setBriefOpen(true)}>
            <Sparkles aria-hidden="true" />
            {i18n._('From a brief…')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <BriefDialog open={briefOpen} onOpenChange={setBriefOpen} />
    </>
  );
}
