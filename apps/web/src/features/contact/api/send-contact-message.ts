import { useMutation } from '@tanstack/react-query';
import type { TContactMessage } from '@draftwell/shared';
import { api, unwrap } from '@/lib/api-client';

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: TContactMessage) => unwrap<{ id: string }>(api.contact.$post({ json: input })),
  });
}
