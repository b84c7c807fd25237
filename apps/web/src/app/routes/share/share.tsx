import { useParams } from 'react-router';
import { SharePage } from '@/features/share/components/share-page';

/**
 * /p/:token reached inside the app (a link followed within it, the dev server). A first visit is
 * answered with share.html instead, which renders the same page without the app shell.
 */
export default function ShareRoute() {
  const { token = '' } = useParams();
  return <SharePage token={token} />;
}
