import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { PageFrame } from '@/components/layouts/page-frame';
import { SectionEditorScreen } from '@/app/screens/section-editor-screen';

export default function SectionEditPage() {
  const { i18n } = useLingui();
  const { id = '' } = useParams();
  useEffect(() => {
    document.title = i18n._('Edit section — Library — Draftwell');
  }, [i18n]);
  return (
    <PageFrame
      title={i18n._('Edit section')}
      description={i18n._('Changes are saved as you type; proposals it was inserted into keep their own copy.')}
    >
      <SectionEditorScreen key={id} id={id} />
    </PageFrame>
  );
}
