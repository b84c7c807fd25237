import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may go (decision 0021, SSRF). Addresses are checked after DNS resolution and
 * the connection is made to the checked address (`deliver.ts` pins it), so a name cannot point at
 * an inside address, and cannot be re-pointed between the check and the connection.
 */

const refused = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (and some clouds' metadata, 100.100.100.200)
  ['169.254.0.0', 16], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  refused.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['64:ff9b::', 96], // NAT64: an IPv4 address inside
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID…)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique local (and AWS metadata fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  refused.addSubnet(net, prefix, 'ipv6');
}
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d or ::ffff:xxxx:xxxx) or -compatible IPv6 address. */
function embeddedIpv4(ip: string): string | null {
  let text = ip.toLowerCase();
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2).map(Number) as [number, number, number, number];
    if ([a, b, c, d].some((n) => n > 255)) return null;
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const words = expandIpv6(text);
  if (!words) return null;
  const zeros = words.slice(0, 5).every((w) => w === 0);
  // ::ffff:a.b.c.d (mapped), or ::a.b.c.d (compatible; but not :: and ::1 themselves).
  if (zeros && (words[5] === 0xffff || (words[5] === 0 && (words[6] !== 0 || words[7]! > 1)))) {
    const [hi, lo] = [words[6]!, words[7]!];
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

function expandIpv6(ip: string): number[] | null {
  const [head, tail] = ip.split('::') as [string, string | undefined];
  const parse = (s: string) => (s === '' ? [] : s.split(':').map((w) => Number.parseInt(w, 16)));
  const a = parse(head);
  const b = tail === undefined ? [] : parse(tail);
  if (tail === undefined && a.length !== 8) return null;
  const words = [...a, ...Array<number>(8 - a.length - b.length).fill(0), ...b];
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff) ? words : null;
}

export type TAddressVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Whether a webhook may connect to `ip`: public unicast addresses only; loopback (127/8, ::1)
 * only when the operator allows it (`WEBHOOKS_ALLOW_HTTP_LOOPBACK`, for local development).
 */
export function checkAddress(ip: string, opts: { allowLoopback: boolean }): TAddressVerdict {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return { ok: false, reason: `${ip} is not an IP address` };
  if (family === 6) {
    const inner = embeddedIpv4(bare);
    if (inner !== null) {
      const verdict = checkAddress(inner, opts);
      return verdict.ok ? verdict : { ok: false, reason: `${ip} (IPv4 ${inner} inside): ${verdict.reason}` };
    }
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (loopback.check(bare, type)) {
    return opts.allowLoopback ? { ok: true } : { ok: false, reason: `${ip} is a loopback address` };
  }
  if (refused.check(bare, type)) return { ok: false, reason: `${ip} is a private, link-local or reserved address` };
  return { ok: true };
}

export const isLoopbackAddress = (ip: string) => {
  const bare = ip.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return false;
  const inner = family === 6 ? embeddedIpv4(bare) : null;
  if (inner !== null) return loopback.check(inner, 'ipv4');
  return loopback.check(bare, family === 4 ? 'ipv4' : 'ipv6');
};

export type TUrlVerdict = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * The rules a URL must pass before anything is resolved: https (http only to a loopback host, and
 * only when allowed), no credentials in it, and an IP literal must itself be allowed.
 */
export function checkWebhookUrl(raw: string, opts: { allowHttpLoopback: boolean }): TUrlVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'Enter a full URL, e.g. https://example.com/hooks/draftwell.' };
  }
  if (url.username || url.password) return { ok: false, reason: 'Leave the user name and password out of the URL.' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host) !== 0;
  const loopbackHost = literal ? isLoopbackAddress(host) : host === 'localhost' || host.endsWith('.localhost');
  if (url.protocol === 'http:') {
    if (!(opts.allowHttpLoopback && loopbackHost)) {
      return {
        ok: false,
        reason: opts.allowHttpLoopback
          ? 'Use an https:// URL (http:// is allowed only for this machine’s own addresses).'
          : 'Use an https:// URL.',
      };
    }
  } else if (url.protocol !== 'https:') {
    return { ok: false, reason: 'Use an https:// URL.' };
  }
  if (literal) {
    const verdict = checkAddress(host, { allowLoopback: opts.allowHttpLoopback });
    if (!verdict.ok) return { ok: false, reason: `Webhooks cannot go to ${host}: it is not a public address.` };
  }
  return { ok: true, url };
}
