import type { TContactMessage } from '@draftwell/shared';
import { api, unwrap } from '@/lib/api-client';

export function sendContactMessage(input: TContactMessage): Promise<{ id: string }> {
  return unwrap<{ id: string }>(api.contact.$post({ json: input }));
}
