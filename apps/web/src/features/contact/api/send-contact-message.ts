import type { TContactMessage } from '@draftwell/shared';
import { api, unwrap } from '@/lib/api-client';

export function sendContactMessage(input: TContactMessage) {
  return unwrap(api.contact.$post({ json: input }));
}
