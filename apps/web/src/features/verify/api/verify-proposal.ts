import type { TVerifyResult } from '@draftwell/shared/share/share-api';
import { API_BASE, postJson, unwrap } from '@/lib/http';

/**
 * POST /api/verify takes JSON or multipart and validates either itself, so the typed client has
 * no body type to offer: the page calls it by its path.
 */
const VERIFY_URL = `${API_BASE}/verify`;

export type TVerifyInput = { kind: 'hash'; hash: string } | { kind: 'file'; file: File };

export function verifyProposal(input: TVerifyInput): Promise<TVerifyResult> {
  if (input.kind === 'hash') return postJson<TVerifyResult>(VERIFY_URL, { hash: input.hash });
  const body = new FormData();
  body.append('file', input.file);
  return unwrap<TVerifyResult>(fetch(VERIFY_URL, { method: 'POST', body, credentials: 'same-origin' }));
}
