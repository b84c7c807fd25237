import { Send } from 'lucide-react';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { EmptyState, PageFrame } from '@/components/layouts/page-frame';
import { paths } from '@/config/paths';

export default function ProposalPage() {
  const { id = '' } = useParams();
  useEffect(() => {
    document.title = 'Proposal — Draftwell';
  }, []);
  return (
    <PageFrame title="Proposal" description={`Proposal ${id}`}>
      <EmptyState
        icon={<Send />}
        title="The sent proposal will show here"
        link={{ to: paths.dashboard, label: 'Back to the dashboard' }}
      >
        Once you send a proposal, this page shows it exactly as your client sees it, its status, the share link, the
        activity timeline (opened, commented, accepted), revisions and the PDF.
      </EmptyState>
    </PageFrame>
  );
}
