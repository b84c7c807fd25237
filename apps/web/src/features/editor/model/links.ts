/**
 * The document schema's rule for links: http(s) with a host, or mailto; nothing with spaces or
 * control characters (browsers drop them inside a scheme, "java\tscript:").
 */
export function isAllowedHref(href: string): boolean {
  if (href.length > 2048) return false;
  for (let i = 0; i < href.length; i++) {
    const code = href.charCodeAt(i);
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f)) return false;
  }
  return /^https?:\/\/[^/?#]/i.test(href) || /^mailto:./i.test(href);
}

/** What a person typed in the link box, made into an href: "example.com" becomes https://example.com. */
export function normalizeHref(input: string): string {
  const value = input.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return value;
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(value)) return `mailto:${value}`;
  if (value.startsWith('//')) return `https:${value}`;
  return `https://${value}`;
}

export const IMAGE_SRC_PATTERN = /^\/api\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An uploaded file's address, from the relative form or an absolute one on this origin. */
export function imageSrcFrom(src: string | null, origin?: string): string | null {
  if (!src) return null;
  if (IMAGE_SRC_PATTERN.test(src)) return src;
  if (origin && src.startsWith(origin)) {
    const path = src.slice(origin.length);
    if (IMAGE_SRC_PATTERN.test(path)) return path;
  }
  return null;
}
