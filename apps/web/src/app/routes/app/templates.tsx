import { LayoutTemplate } from 'lucide-react';
import { useEffect } from 'react';
import { EmptyState, PageFrame } from '@/components/layouts/page-frame';
import { paths } from '@/config/paths';

export default function TemplatesPage() {
  useEffect(() => {
    document.title = 'Templates — Draftwell';
  }, []);
  return (
    <PageFrame title="Templates" description="Starter templates and your own, ready to become a proposal.">
      <EmptyState icon={<LayoutTemplate />} title="Your template gallery" link={{ to: paths.dashboard, label: 'Go to the dashboard' }}>
        Six professionally written starter templates (web design, software development, marketing retainer,
        consulting, photography, event services) and the templates you save from your own proposals will be listed
        here, each with a preview and <em>Use template</em>.
      </EmptyState>
    </PageFrame>
  );
}
