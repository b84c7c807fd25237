import { z } from 'zod';

/** Largest message a client may send over the realtime socket, in bytes. */
export const REALTIME_MAX_MESSAGE_BYTES = 4096;
export const REALTIME_PUBLIC_CHANNEL = 'public';
export const userChannel = (userId: string) => `user:${userId}`;

export const ZRealtimeClientMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('join'), channel: z.string().min(1).max(200) }),
  z.strictObject({ type: z.literal('leave'), channel: z.string().min(1).max(200) }),
  z.strictObject({ type: z.literal('ping') }),
]);
export type TRealtimeClientMessage = z.infer<typeof ZRealtimeClientMessage>;

export type TRealtimeEvent = {
  channel: string;
  event: string;
  data: Record<string, unknown>;
  at: string;
};

export type TRealtimeServerMessage =
  | { type: 'joined'; channel: string }
  | { type: 'error'; message: string }
  | { type: 'pong' }
  | ({ type: 'event' } & TRealtimeEvent);
