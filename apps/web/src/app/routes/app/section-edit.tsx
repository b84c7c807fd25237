import { useEffect } from 'react';
import { useParams } from 'react-router';
import { PageFrame } from '@/components/layouts/page-frame';
import { SectionEditorScreen } from '@/app/screens/section-editor-screen';

export default function SectionEditPage() {
  const { id = '' } = useParams();
  useEffect(() => {
    document.title = 'Edit section — Library — Draftwell';
  }, []);
  return (
    <PageFrame
      title="Edit section"
      description="Changes are saved as you type; proposals it was inserted into keep their own copy."
    >
      <SectionEditorScreen key={id} id={id} />
    </PageFrame>
  );
}
