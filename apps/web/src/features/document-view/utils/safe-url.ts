/**
 * The renderer's own allowlist for URLs. The document schema refuses anything else already, but a
 * document may reach the renderer without passing through it (an old row, a bug elsewhere), and a
 * link or image is where a script would get in.
 */

/** http(s) with a host, or mailto: never javascript:, data:, vbscript: or a protocol-relative //host. */
export function isSafeHref(href: unknown): href is string {
  if (typeof href !== 'string' || href.length > 2048) return false;
  // Browsers drop spaces and control characters inside a scheme ("java\tscript:").
  for (let i = 0; i < href.length; i++) {
    const code = href.charCodeAt(i);
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f)) return false;
  }
  return /^https?:\/\/[^/?#]/i.test(href) || /^mailto:./i.test(href);
}

const FILE_SRC = /^\/api\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Images are only ever files stored in Draftwell: nothing is fetched from another host. */
export function isFileSrc(src: unknown): src is string {
  return typeof src === 'string' && FILE_SRC.test(src);
}

/** A logo from the sender's profile: a path on our own origin or an https address, nothing else. */
export function isLogoSrc(src: unknown): src is string {
  return typeof src === 'string' && (/^\/(?![/\\])\S*$/.test(src) || /^https:\/\/[^/?#\s]\S*$/i.test(src));
}
