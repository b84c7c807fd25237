import { CRAWLED_ROUTES } from '@draftwell/shared/paths';

/**
 * What search engines are told (PRODUCT §4: the public pages are crawlable): robots.txt keeps
 * them out of the app, the API and clients' links (which also answer noindex themselves), and
 * points at sitemap.xml, which lists the public pages at this server's public address.
 */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /p/',
    'Disallow: /dashboard',
    'Disallow: /edit-draft/',
    'Disallow: /proposals/',
    'Disallow: /templates',
    'Disallow: /profile',
    'Disallow: /library',
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemapXml(origin: string): string {
  const urls = CRAWLED_ROUTES.map((route) => `  <url><loc>${xmlEscape(`${origin}${route}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
