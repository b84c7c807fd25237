import { z } from 'zod';
import type { TRealtimeClientMessage } from './realtime';

/** What a client may send over the realtime socket; the server validates every message. */
// Typed against the protocol type, so the schema and the type cannot drift apart.
export const ZRealtimeClientMessage: z.ZodType<TRealtimeClientMessage> = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('join'), channel: z.string().min(1).max(200) }),
  z.strictObject({ type: z.literal('leave'), channel: z.string().min(1).max(200) }),
  z.strictObject({ type: z.literal('ping') }),
]);
