import { useParams } from 'react-router';
import { StopFollowUpsPage } from '@/features/share/components/stop-follow-ups-page';

/**
 * /p/stop/:token reached inside the app (the dev server). A first visit is answered with
 * share.html instead, which renders the same page without the app shell.
 */
export default function StopFollowUpsRoute() {
  const { token = '' } = useParams();
  return <StopFollowUpsPage token={token} />;
}
