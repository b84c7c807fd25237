import {
  REALTIME_CLOSE_SESSION_ENDED,
  REALTIME_PUBLIC_CHANNEL,
  type TRealtimeEvent,
  type TRealtimeServerMessage,
} from '@draftwell/shared/realtime';

export type TRealtimeStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';
type TListener = (event: TRealtimeEvent) => void;

const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;

/** Full jitter: a random wait up to an exponentially growing cap, so tabs don't reconnect in step. */
export function backoffDelay(attempt: number, random = Math.random): number {
  const cap = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  return Math.round(cap / 2 + random() * (cap / 2));
}

/**
 * One WebSocket to /realtime for the whole app (S10). It joins the public channel at once and
 * the user's own channel when there is a session; it reconnects with jittered backoff and
 * rejoins; its status is only logged.
 */
export class RealtimeClient {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly channels = new Set<string>([REALTIME_PUBLIC_CHANNEL]);
  private readonly listeners = new Set<TListener>();
  private readonly reconnectListeners = new Set<() => void>();
  status: TRealtimeStatus = 'closed';

  constructor(private readonly url: string) {}

  start() {
    this.stopped = false;
    this.connect();
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.ws?.close(1000, 'app closed');
    this.ws = null;
    this.setStatus('closed');
  }

  join(channel: string) {
    this.channels.add(channel);
    this.send({ type: 'join', channel });
  }

  leave(channel: string) {
    if (channel === REALTIME_PUBLIC_CHANNEL) return;
    this.channels.delete(channel);
    this.send({ type: 'leave', channel });
  }

  subscribe(listener: TListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called after every reconnect, so screens can fetch what they may have missed (R10). */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  private send(msg: unknown) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  private setStatus(status: TRealtimeStatus) {
    if (this.status === status) return;
    this.status = status;
    console.info(`[realtime] ${status}`);
  }

  private connect() {
    const wasReconnect = this.attempt > 0;
    this.setStatus(wasReconnect ? 'reconnecting' : 'connecting');
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.setStatus('open');
      for (const channel of this.channels) this.send({ type: 'join', channel });
      if (wasReconnect) for (const fn of this.reconnectListeners) fn();
    };
    ws.onmessage = (e: MessageEvent<string>) => {
      let msg: TRealtimeServerMessage;
      try {
        msg = JSON.parse(e.data) as TRealtimeServerMessage;
      } catch {
        return;
      }
      if (msg.type === 'event') for (const fn of this.listeners) fn(msg);
      else if (msg.type === 'error') console.warn(`[realtime] ${msg.message}`);
    };
    ws.onclose = (event: CloseEvent) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped) return;
      if (event.code === REALTIME_CLOSE_SESSION_ENDED) {
        // The session this socket belonged to has ended (signed out here or elsewhere): the next
        // connection is a fresh, anonymous one, with nothing of the user's to join or catch up on
        // (the session check sends the user away; a new session joins its channel again).
        for (const channel of this.channels) if (channel !== REALTIME_PUBLIC_CHANNEL) this.channels.delete(channel);
        this.attempt = 0;
        this.setStatus('reconnecting');
        this.timer = setTimeout(() => this.connect(), backoffDelay(0));
        return;
      }
      const delay = backoffDelay(this.attempt++);
      this.setStatus('reconnecting');
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }
}

export function realtimeUrl(
  location: Location | null = typeof window === 'undefined' ? null : window.location,
): string {
  // No address while a page is prerendered at build time: nothing connects there.
  if (!location) return '';
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/realtime`;
}
