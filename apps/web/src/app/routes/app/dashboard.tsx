import type { I18n } from '@draftwell/shared/i18n/i18n';
import type { TProposalStatus } from '@draftwell/shared/workspace/proposals';
import { useLingui } from '@lingui/react';
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

const dashboardHeading = (i18n: I18n): THeading => ({
  title: i18n._('Dashboard'),
  description: i18n._('Your proposals, their status and what to do next.'),
});

/** What the editor's page is about: a draft to shape, a sent proposal to revise, or a locked one. */
function editorHeading(i18n: I18n, status: TProposalStatus | undefined): THeading {
  switch (status) {
    case 'accepted':
      return {
        title: i18n._('Accepted proposal'),
        description: i18n._('Your client accepted it, so it is locked: view it, download it or duplicate it.'),
      };
    case 'sent':
    case 'viewed':
    case 'declined':
    case 'expired':
      return {
        title: i18n._('Edit proposal'),
        description: i18n._('Changes reach your client when you send it again.'),
      };
    default:
      // A draft, or not known (yet): the page's own name.
      return { title: i18n._('Edit draft'), description: i18n._('Shape the draft, then send it to your client.') };
  }
}

/** The workspace: the proposal list beside either the overview or, given an id, that draft. */
export default function DashboardPage() {
  const { i18n } = useLingui();
  const { id } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const verified = params.get('verified');
  const linkError = params.get('error');

  // The email confirmation link lands here (?verified=1), or with ?error= when it was stale.
  useEffect(() => {
    if (!verified && !linkError) return;
    if (linkError) {
      toast.error(i18n._('That confirmation link did not work'), {
        description: i18n._('It may have expired or been used already. Send a new one from your profile.'),
        action: { label: i18n._('Open profile'), onClick: () => void navigate(paths.profile) },
      });
    } else {
      toast.success(i18n._('Email confirmed'), { description: i18n._('You can now send proposals to your clients.') });
    }
    setParams({}, { replace: true });
  }, [verified, linkError, setParams, navigate, i18n]);
  // The proposal's status as the editor loaded it (this only reads the cache: the editor fetches).
  const status = useProposal(id ?? '', { enabled: false }).data?.status;
  const heading = id ? editorHeading(i18n, status) : dashboardHeading(i18n);
  useEffect(() => {
    document.title = i18n._('{title} — Draftwell', { title: heading.title });
  }, [heading.title, i18n]);

  return (
    <PageFrame title={heading.title} description={heading.description} actions={<NewProposalButton />}>
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        {/* On a phone an open draft gets the whole width; the list is one tap away. */}
        <div className={id ? 'hidden lg:block' : undefined}>
          <ProposalList newProposal={<NewProposalButton size="sm" className="mt-3" />} />
        </div>
        <section aria-label={id ? i18n._('Editor') : i18n._('Overview')} className="min-w-0">
          {id ? (
            <>
              <Link
                to={paths.dashboard}
                className="text-muted-foreground hover:text-foreground mb-3 inline-flex items-center gap-1 text-sm lg:hidden"
              >
                <ArrowLeft className="size-4" aria-hidden="true" /> {i18n._('All proposals')}
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
