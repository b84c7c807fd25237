import type { MiddlewareHandler } from 'hono';
import { setResponseHeader } from './response-headers';

/**
 * The security headers of every response (A6), computed once at start: the per-request work is
 * a loop of header sets, which keeps the full stack close to a bare server (P1).
 */
export function securityHeaders(opts: { scriptHashes: string[]; https: boolean }): MiddlewareHandler {
  const csp = [
    "default-src 'self'",
    `script-src 'self'${opts.scriptHashes.map((h) => ` ${h}`).join('')}`,
    // Radix and sonner set inline styles; inline *scripts* stay forbidden.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
  const headers: Array<[string, string]> = [
    ['content-security-policy', csp],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-frame-options', 'DENY'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['permissions-policy', 'camera=(), microphone=(), geolocation=()'],
  ];
  if (opts.https) headers.push(['strict-transport-security', 'max-age=31536000; includeSubDomains']);
  return async (c, next) => {
    // Set before the handler, on Node's response (setResponseHeader): Hono then builds its answer
    // with a plain header object, the fast path for c.json and c.body, and an answer that sets
    // one of these itself (the client's link: its own referrer policy) still wins.
    for (const [name, value] of headers) setResponseHeader(c, name, value);
    return next();
  };
}
