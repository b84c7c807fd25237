import { randomUUID } from 'node:crypto';
import type { WSContext } from 'hono/ws';
import type { Logger } from 'pino';
import { eq } from 'drizzle-orm';
import {
  REALTIME_CLOSE_SESSION_ENDED,
  REALTIME_PUBLIC_CHANNEL,
  ZRealtimeClientMessage,
  userChannel,
  type TRealtimeEvent,
  type TRealtimeServerMessage,
} from '@draftwell/shared';
import type { TDatabase } from '../db/client';
import { sessions as sessionRows } from '../db/schema';

/** The PostgreSQL channel every instance listens on; events fan out through it. */
const PG_CHANNEL = 'draftwell_realtime';
/** The PostgreSQL channel on which an ended session's id goes to every instance (A24). */
const PG_SESSION_ENDED = 'draftwell_session_ended';
/**
 * Open sockets without a session, per client address and instance: a visitor's tabs fit well
 * within it, one address cannot hold the server's memory and file handles with idle sockets.
 */
export const ANONYMOUS_SOCKETS_PER_ADDRESS = 30;
/** NOTIFY payloads must stay under 8000 bytes; events carry ids, not documents. */
const MAX_EVENT_BYTES = 7000;

/**
 * Raises an event for everyone on `channel`, on every instance listening to this database. Also
 * used outside a server (the operator's command) to reach the servers' open tabs.
 */
export async function publishRealtime(
  database: Pick<TDatabase, 'notify'>,
  channel: string,
  event: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  const payload = JSON.stringify({ channel, event, data, at: new Date().toISOString() });
  if (Buffer.byteLength(payload) > MAX_EVENT_BYTES) {
    throw new Error(`realtime event ${event} is too large to publish`);
  }
  await database.notify(PG_CHANNEL, payload);
}

/** Who opens a socket: the client's address, and the session it was opened with (null for a visitor). */
export type TSocketOwner = { ip: string; session: { id: string; userId: string } | null };

type TSocket = {
  id: string;
  ws: WSContext;
  ip: string;
  userId: string | null;
  sessionId: string | null;
  channels: Set<string>;
};

export type TRealtimeHub = {
  start(): Promise<void>;
  /** Raise an event for everyone on `channel`, on every instance. */
  publish(channel: string, event: string, data?: Record<string, unknown>): Promise<void>;
  /**
   * Whether another socket without a session may open from this address (false past
   * ANONYMOUS_SOCKETS_PER_ADDRESS; always true when rate limits are off).
   */
  mayOpenAnonymous(ip: string): boolean;
  /** The per-connection handlers for upgradeWebSocket, for a socket whose owner is known. */
  connection(owner: TSocketOwner): {
    onOpen: (evt: Event, ws: WSContext) => void;
    onMessage: (evt: MessageEvent, ws: WSContext) => void;
    onClose: () => void;
  };
  connectionCount(): number;
  /** A session ended: its sockets, on every instance, are closed at once and get nothing more. */
  endSession(sessionId: string): Promise<void>;
  stop(): Promise<void>;
};

export function createRealtimeHub(deps: { database: TDatabase; logger: Logger; rateLimit: boolean }): TRealtimeHub {
  const { database, logger } = deps;
  const sockets = new Map<string, TSocket>();
  const unlisten: Array<() => Promise<void>> = [];

  const anonymousFrom = (ip: string) => {
    let n = 0;
    for (const s of sockets.values()) if (s.sessionId === null && s.ip === ip) n += 1;
    return n;
  };

  /** Out of the delivery list first, so that no event reaches it while it closes. */
  const drop = (s: TSocket, code: number, reason: string) => {
    sockets.delete(s.id);
    s.channels.clear();
    s.ws.close(code, reason);
  };

  const endLocally = (sessionId: string) => {
    for (const s of sockets.values()) {
      if (s.sessionId === sessionId) drop(s, REALTIME_CLOSE_SESSION_ENDED, 'session ended');
    }
  };

  /** A session may end while its socket is being opened, before the socket is on the list. */
  const checkStillSignedIn = async (s: TSocket) => {
    if (s.sessionId === null) return;
    const [row] = await database.db
      .select({ id: sessionRows.id })
      .from(sessionRows)
      .where(eq(sessionRows.id, s.sessionId));
    if (!row && sockets.has(s.id)) drop(s, REALTIME_CLOSE_SESSION_ENDED, 'session ended');
  };

  const send = (ws: WSContext, msg: TRealtimeServerMessage) => {
    if (ws.readyState === 1) ws.send(JSON.stringify(msg));
  };

  const deliver = (payload: string) => {
    let event: TRealtimeEvent;
    try {
      event = JSON.parse(payload) as TRealtimeEvent;
    } catch {
      logger.warn('ignored a malformed realtime notification');
      return;
    }
    for (const s of sockets.values()) {
      if (s.channels.has(event.channel)) send(s.ws, { type: 'event', ...event });
    }
  };

  const mayJoin = (s: TSocket, channel: string) =>
    channel === REALTIME_PUBLIC_CHANNEL || (s.userId !== null && channel === userChannel(s.userId));

  return {
    async start() {
      unlisten.push(await database.listen(PG_CHANNEL, deliver));
      unlisten.push(await database.listen(PG_SESSION_ENDED, endLocally));
    },
    publish: (channel, event, data) => publishRealtime(database, channel, event, data),
    mayOpenAnonymous: (ip) => !deps.rateLimit || anonymousFrom(ip) < ANONYMOUS_SOCKETS_PER_ADDRESS,
    connection({ ip, session }) {
      const userId = session?.userId ?? null;
      const socket: TSocket = {
        id: randomUUID(),
        ws: null as unknown as WSContext,
        ip,
        userId,
        sessionId: session?.id ?? null,
        channels: new Set(),
      };
      return {
        onOpen: (_evt, ws) => {
          socket.ws = ws;
          sockets.set(socket.id, socket);
          logger.debug({ socket: socket.id, userId }, 'realtime socket opened');
          // Sockets opened side by side all passed the check before any was on the list.
          if (socket.sessionId === null && deps.rateLimit && anonymousFrom(ip) > ANONYMOUS_SOCKETS_PER_ADDRESS) {
            drop(socket, 1013, 'too many connections from this address');
            return;
          }
          checkStillSignedIn(socket).catch((err: unknown) =>
            logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'realtime session check failed'),
          );
        },
        onMessage: (evt, ws) => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(String(evt.data));
          } catch {
            send(ws, { type: 'error', message: 'Messages must be JSON.' });
            return;
          }
          const msg = ZRealtimeClientMessage.safeParse(parsed);
          if (!msg.success) {
            send(ws, { type: 'error', message: 'Unknown message.' });
            return;
          }
          switch (msg.data.type) {
            case 'ping':
              send(ws, { type: 'pong' });
              return;
            case 'leave':
              socket.channels.delete(msg.data.channel);
              return;
            case 'join':
              if (!mayJoin(socket, msg.data.channel)) {
                send(ws, { type: 'error', message: 'You may not join that channel.' });
                ws.close(1008, 'channel not allowed');
                return;
              }
              socket.channels.add(msg.data.channel);
              send(ws, { type: 'joined', channel: msg.data.channel });
          }
        },
        onClose: () => {
          sockets.delete(socket.id);
        },
      };
    },
    connectionCount: () => sockets.size,
    async endSession(sessionId) {
      // Here at once; on the other instances (and here again, harmlessly) through NOTIFY.
      endLocally(sessionId);
      await database.notify(PG_SESSION_ENDED, sessionId);
    },
    async stop() {
      for (const s of sockets.values()) s.ws.close(1001, 'server shutting down');
      sockets.clear();
      for (const fn of unlisten.splice(0)) await fn();
    },
  };
}
