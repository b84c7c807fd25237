import type { TSealCertificate } from '@draftwell/shared/share/share-api';
import { API_BASE, unwrap } from '@/lib/http';

/** GET /api/verify/certificate: the certificate this server seals PDFs with (a public page: plain fetch). */
export function fetchSealCertificate(signal?: AbortSignal): Promise<TSealCertificate> {
  return unwrap<TSealCertificate>(fetch(`${API_BASE}/verify/certificate`, { credentials: 'same-origin', signal }));
}
