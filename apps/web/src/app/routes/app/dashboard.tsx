import type { TProposalStatus } from '@draftwell/shared/workspace/proposals';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageFrame } from '@/components/layouts/page-frame';
import { paths } from '@/config/paths';
import { DashboardOverview } from '@/features/overview/components/dashboard-overview';
import { DraftEditorScreen } from '@/app/screens/draft-editor-screen';
import { useProposal } from '@/lib/api/proposal';
import { NewProposalButton } from '@/app/components/new-proposal-button';
import { ProposalList } from '@/features/proposals/components/proposal-list';

type THeading = { title: string; description: string };

const DASHBOARD_HEADING: THeading = {
  title: 'Dashboard',
  description: 'Your proposals, their status and what to do next.',
};

/** What the editor's page is about: a draft to shape, a sent proposal to revise, or a locked one. */
function editorHeading(status: TProposalStatus | undefined): THeading {
  switch (status) {
    case 'accepted':
      return {
        title: 'Accepted proposal',
        description: 'Your client accepted it, so it is locked: view it, download it or duplicate it.',
      };
    case 'sent':
    case 'viewed':
    case 'declined':
    case 'expired':
      return { title: 'Edit proposal', description: 'Changes reach your client when you send it again.' };
    default:
      // A draft, or not known (yet): the page's own name.
      return { title: 'Edit draft', description: 'Shape the draft, then send it to your client.' };
  }
}

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
  // The proposal's status as the editor loaded it (this only reads the cache: the editor fetches).
  const status = useProposal(id ?? '', { enabled: false }).data?.status;
  const heading = id ? editorHeading(status) : DASHBOARD_HEADING;
  useEffect(() => {
    document.title = `${heading.title} — Draftwell`;
  }, [heading.title]);

  return (
    <PageFrame title={heading.title} description={heading.description} actions={<NewProposalButton />}>
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        {/* On a phone an open draft gets the whole width; the list is one tap away. */}
        <div className={id ? 'hidden lg:block' : undefined}>
          <ProposalList newProposal={<NewProposalButton size="sm" className="mt-3" />} />
        </div>
        <section aria-label={id ? 'Editor' : 'Overview'} className="min-w-0">
          {id ? (
            <>
              <Link
                to={paths.dashboard}
                className="text-muted-foreground hover:text-foreground mb-3 inline-flex items-center gap-1 text-sm lg:hidden"
              >
                <ArrowLeft className="size-4" aria-hidden="true" /> All proposals
              </Link>
              <DraftEditorScreen key={id} id={id} />
            </>
          ) : (
            <DashboardOverview newProposal={<NewProposalButton />} />
          )}
        </section>
      </div>
    </PageFrame>
  );
}
