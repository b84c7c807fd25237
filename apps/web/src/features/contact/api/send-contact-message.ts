import { useMutation } from '@tanstack/react-query';
import type { TContactMessage } from '@draftwell/shared';
import { api, unwrap } from '@/lib/api-client';

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: TContactMessage) => unwrap(api.contact.$post({ json: input })),
  });
}
