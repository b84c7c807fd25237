import { FilePlus2, FileText } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { EmptyState, PageFrame } from '@/components/layouts/page-frame';
import { paths } from '@/config/paths';
import { NewProposalButton } from '@/features/proposals/components/new-proposal-button';
import { ProposalHeader } from '@/features/proposals/components/proposal-header';
import { ProposalList } from '@/features/proposals/components/proposal-list';

/** The workspace: the proposal list beside either the overview or, given an id, that draft. */
export default function DashboardPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const verified = params.get('verified');
  const linkError = params.get('error');

  // The email confirmation link lands here (?verified=1), or with ?error= when it was stale.
  useEffect(() => {
    if (!verified && !linkError) return;
    if (linkError) {
      toast.error('That confirmation link did not work', {
        description: 'It may have expired or been used already. Send a new one from your profile.',
        action: { label: 'Open profile', onClick: () => void navigate(paths.profile) },
      });
    } else {
      toast.success('Email confirmed', { description: 'You can now send proposals to your clients.' });
    }
    setParams({}, { replace: true });
  }, [verified, linkError, setParams, navigate]);
  useEffect(() => {
    document.title = id ? 'Edit draft — Draftwell' : 'Dashboard — Draftwell';
  }, [id]);

  return (
    <PageFrame
      title={id ? 'Edit draft' : 'Dashboard'}
      description={
        id ? 'Shape the draft, then send it to your client.' : 'Your proposals, their status and what to do next.'
      }
      actions={<NewProposalButton />}
    >
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <ProposalList />
        <section aria-label={id ? 'Editor' : 'Overview'} className="min-w-0">
          {id ? (
            <ProposalHeader key={id} id={id}>
              <EmptyState icon={<FileText />} title="The editor opens here">
                This is where the draft will open in the block editor: title, client, pricing table with live totals, a
                preview as your client sees it, and autosave. The editor is the next part we are building.
              </EmptyState>
            </ProposalHeader>
          ) : (
            <EmptyState
              icon={<FilePlus2 />}
              title="Your overview will live here"
              link={{ to: paths.templates, label: 'See the templates screen' }}
            >
              Once you send proposals, this pane shows counts by status, your win rate, the value accepted this month
              and recent activity, next to <em>New proposal</em>: blank, from a template, or drafted from a short brief.
            </EmptyState>
          )}
        </section>
      </div>
    </PageFrame>
  );
}
