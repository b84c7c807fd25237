import { useEffect } from 'react';
import { useParams } from 'react-router';
import { PageFrame } from '@/components/layouts/page-frame';
import { TemplateEditorScreen } from '@/app/screens/template-editor-screen';

export default function TemplateEditPage() {
  const { id = '' } = useParams();
  useEffect(() => {
    document.title = 'Edit template — Draftwell';
  }, []);
  return (
    <PageFrame title="Edit template" description="Changes are saved as you type; new proposals start from this.">
      <TemplateEditorScreen key={id} id={id} />
    </PageFrame>
  );
}
