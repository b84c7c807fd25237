import { randomUUID } from 'node:crypto';
import type { WSContext } from 'hono/ws';
import type { Logger } from 'pino';
import {
  REALTIME_PUBLIC_CHANNEL,
  ZRealtimeClientMessage,
  userChannel,
  type TRealtimeEvent,
  type TRealtimeServerMessage,
} from '@draftwell/shared';
import type { TDatabase } from '../db/client';

/** The PostgreSQL channel every instance listens on; events fan out through it. */
const PG_CHANNEL = 'draftwell_realtime';
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

type TSocket = { id: string; ws: WSContext; userId: string | null; channels: Set<string> };

export type TRealtimeHub = {
  start(): Promise<void>;
  /** Raise an event for everyone on `channel`, on every instance. */
  publish(channel: string, event: string, data?: Record<string, unknown>): Promise<void>;
  /** The per-connection handlers for upgradeWebSocket, for a socket whose user is known. */
  connection(userId: string | null): {
    onOpen: (evt: Event, ws: WSContext) => void;
    onMessage: (evt: MessageEvent, ws: WSContext) => void;
    onClose: () => void;
  };
  connectionCount(): number;
  stop(): Promise<void>;
};

export function createRealtimeHub(deps: { database: TDatabase; logger: Logger }): TRealtimeHub {
  const { database, logger } = deps;
  const sockets = new Map<string, TSocket>();
  let unlisten: (() => Promise<void>) | null = null;

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
      unlisten = await database.listen(PG_CHANNEL, deliver);
    },
    publish: (channel, event, data) => publishRealtime(database, channel, event, data),
    connection(userId) {
      const socket: TSocket = { id: randomUUID(), ws: null as unknown as WSContext, userId, channels: new Set() };
      return {
        onOpen: (_evt, ws) => {
          socket.ws = ws;
          sockets.set(socket.id, socket);
          logger.debug({ socket: socket.id, userId }, 'realtime socket opened');
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
    async stop() {
      for (const s of sockets.values()) s.ws.close(1001, 'server shutting down');
      sockets.clear();
      await unlisten?.();
    },
  };
}
