import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { PageFrame } from '@/components/layouts/page-frame';
import { TemplateEditorScreen } from '@/app/screens/template-editor-screen';

export default function TemplateEditPage() {
  const { i18n } = useLingui();
  const { id = '' } = useParams();
  useEffect(() => {
    document.title = i18n._('Edit template — Draftwell');
  }, [i18n]);
  return (
    <PageFrame
      title={i18n._('Edit template')}
      description={i18n._('Changes are saved as you type; new proposals start from this.')}
    >
      <TemplateEditorScreen key={id} id={id} />
    </PageFrame>
  );
}
