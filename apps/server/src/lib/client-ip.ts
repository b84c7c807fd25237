import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** The header we set ourselves; any value a client sends under this name is overwritten. */
export const CLIENT_IP_HEADER = 'x-draftwell-client-ip';

/**
 * The real client address: the socket's, or with TRUST_PROXY the last hop a trusted proxy
 * appended to X-Forwarded-For. A client-sent X-Forwarded-For is never believed otherwise.
 */
export function resolveClientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1);
    if (last) return normalize(last);
  }
  try {
    const address = getConnInfo(c).remote.address;
    if (address) return normalize(address);
  } catch {
    // Requests made in-process (tests through app.request) have no socket.
  }
  return '127.0.0.1';
}

function normalize(ip: string): string {
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}
