import { useParams } from 'react-router';
import { ProposalViewScreen } from '@/app/screens/proposal-view-screen';

export default function ProposalPage() {
  const { id = '' } = useParams();
  return <ProposalViewScreen key={id} id={id} />;
}
