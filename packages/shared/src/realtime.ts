/** Largest message a client may send over the realtime socket, in bytes. */
export const REALTIME_MAX_MESSAGE_BYTES = 4096;
export const REALTIME_PUBLIC_CHANNEL = 'public';
export const userChannel = (userId: string) => `user:${userId}`;
/** The close code of a socket whose session ended (sign-out, password change or reset, deletion). */
export const REALTIME_CLOSE_SESSION_ENDED = 4401;

export type TRealtimeClientMessage =
  { type: 'join'; channel: string } | { type: 'leave'; channel: string } | { type: 'ping' };

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
