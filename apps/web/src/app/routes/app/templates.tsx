import { useEffect } from 'react';
import { PageFrame } from '@/components/layouts/page-frame';
import { TemplateGallery } from '@/features/templates/components/template-gallery';

export default function TemplatesPage() {
  useEffect(() => {
    document.title = 'Templates — Draftwell';
  }, []);
  return (
    <PageFrame title="Templates" description="Starter templates and your own, ready to become a proposal.">
      <TemplateGallery />
    </PageFrame>
  );
}
