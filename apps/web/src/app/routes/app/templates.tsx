import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { PageFrame } from '@/components/layouts/page-frame';
import { TemplateGallery } from '@/features/templates/components/template-gallery';

export default function TemplatesPage() {
  const { i18n } = useLingui();
  useEffect(() => {
    document.title = i18n._('Templates — Draftwell');
  }, [i18n]);
  return (
    <PageFrame
      title={i18n._('Templates')}
      description={i18n._('Starter templates and your own, ready to become a proposal.')}
    >
      <TemplateGallery />
    </PageFrame>
  );
}
