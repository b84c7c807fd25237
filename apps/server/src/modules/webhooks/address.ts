import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may go (decision 0021, SSRF, A26). A URL is checked when its endpoint is saved
 * and again before each delivery, the same way (`checkWebhookTarget`): its host name is resolved
 * and every address must be public, and the delivery connects to the checked address
 * (`deliver.ts` pins it), so a name cannot point at an inside address, and cannot be re-pointed
 * between the check and the connection.
 */

/**
 * What each refused range is, in words for the owner's message: the first list that holds an
 * address names it. Loopback is its own case (allowed when the operator says so).
 */
const RANGES: Array<{ what: string; v4: Array<[string, number]>; v6: Array<[string, number]> }> = [
  {
    // Cloud metadata services: the address an SSRF is after, named as such.
    what: 'a cloud metadata address',
    v4: [
      ['169.254.169.254', 32],
      ['100.100.100.200', 32],
    ],
    v6: [['fd00:ec2::254', 128]],
  },
  { what: 'an unspecified address', v4: [['0.0.0.0', 8]], v6: [['::', 128]] },
  {
    what: 'a private address',
    v4: [
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
      ['100.64.0.0', 10], // carrier-grade NAT
    ],
    v6: [['fc00::', 7]], // unique local
  },
  {
    what: 'a link-local address',
    v4: [['169.254.0.0', 16]],
    v6: [
      ['fe80::', 10],
      ['fec0::', 10], // site-local (deprecated)
    ],
  },
  {
    what: 'a multicast address',
    v4: [['224.0.0.0', 4]],
    v6: [['ff00::', 8]],
  },
  {
    what: 'a reserved address',
    v4: [
      ['192.0.0.0', 24], // IETF protocol assignments
      ['192.0.2.0', 24], // documentation
      ['192.88.99.0', 24], // 6to4 relay
      ['198.18.0.0', 15], // benchmarking
      ['198.51.100.0', 24], // documentation
      ['203.0.113.0', 24], // documentation
      ['240.0.0.0', 4], // reserved, broadcast
    ],
    v6: [
      ['64:ff9b::', 96], // NAT64: an IPv4 address inside
      ['64:ff9b:1::', 48], // local NAT64
      ['100::', 64], // discard
      ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID…)
      ['2001:db8::', 32], // documentation
      ['2002::', 16], // 6to4: an IPv4 address inside
    ],
  },
];
const refused = RANGES.map(({ what, v4, v6 }) => {
  const list = new BlockList();
  for (const [net, prefix] of v4) list.addSubnet(net, prefix, 'ipv4');
  for (const [net, prefix] of v6) list.addSubnet(net, prefix, 'ipv6');
  return { what, list };
});
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

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Allowed, or what the address is ("a loopback address"), for the sentence that refuses it. */
export type TAddressVerdict = { ok: true } | { ok: false; what: string };

/**
 * Whether a webhook may connect to `ip`: public unicast addresses only; loopback (127/8, ::1)
 * only when the operator allows it (`WEBHOOKS_ALLOW_HTTP_LOOPBACK`, for local development).
 */
export function checkAddress(ip: string, opts: { allowLoopback: boolean }): TAddressVerdict {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return { ok: false, what: 'not an IP address' };
  if (family === 6) {
    const inner = embeddedIpv4(bare);
    if (inner !== null) {
      const verdict = checkAddress(inner, opts);
      return verdict.ok ? verdict : { ok: false, what: `the IPv6 form of ${inner}, ${verdict.what}` };
    }
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (loopback.check(bare, type)) return opts.allowLoopback ? { ok: true } : { ok: false, what: 'a loopback address' };
  const range = refused.find(({ list }) => list.check(bare, type));
  return range ? { ok: false, what: range.what } : { ok: true };
}

export const isLoopbackAddress = (ip: string) => {
  const bare = ip.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return false;
  const inner = family === 6 ? embeddedIpv4(bare) : null;
  if (inner !== null) return loopback.check(inner, 'ipv4');
  return loopback.check(bare, family === 4 ? 'ipv4' : 'ipv6');
};

/** RFC 6761: localhost and every name under it are this machine, whatever a resolver says. */
const LOCALHOST_NAME = /(^|\.)localhost$/;
/**
 * Names only a private network resolves: .internal (reserved for private use by ICANN; cloud
 * metadata servers live there), .local (mDNS), .home.arpa (RFC 8375), and suffixes never delegated
 * that networks use for themselves. Refused by name, so they never reach the server's resolver
 * (which may know them).
 */
const PRIVATE_SUFFIXES = ['internal', 'local', 'home.arpa', 'localdomain', 'lan', 'home', 'corp', 'intranet'];

/** Why a host name (lower case, no trailing dot) is refused before it is resolved, or null. */
function privateName(host: string): string | null {
  // A name without a dot is completed by the server's search domains (GCP's "metadata" is one).
  if (!host.includes('.')) return `${host} is a name without a domain, which only a private network resolves`;
  const suffix = PRIVATE_SUFFIXES.find((s) => host === s || host.endsWith(`.${s}`));
  return suffix ? `${host} is a name under .${suffix}, which only a private network resolves` : null;
}

const notAllowed = (detail: string) => `This address is not allowed: ${detail}. Webhooks must reach a public server.`;
const FULL_URL = 'Enter a full URL, e.g. https://example.com/hooks/draftwell.';

export type TUrlVerdict = { ok: true; url: URL; host: string } | { ok: false; reason: string };

/**
 * The rules a URL must pass before anything is resolved: https (http only to a loopback host, and
 * only when allowed), no credentials in it, an IP literal must itself be allowed, and a name must
 * not be one only a private network knows. `host` is the URL's host as it is checked and resolved:
 * lower case, without brackets or a trailing dot.
 */
export function checkWebhookUrl(raw: string, opts: { allowHttpLoopback: boolean }): TUrlVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: FULL_URL };
  }
  if (url.username || url.password) return { ok: false, reason: 'Leave the user name and password out of the URL.' };
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
  if (host === '') return { ok: false, reason: FULL_URL };
  const literal = isIP(host) !== 0;
  const localName = !literal && LOCALHOST_NAME.test(host);
  const loopbackHost = literal ? isLoopbackAddress(host) : localName;
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
    if (!verdict.ok) return { ok: false, reason: notAllowed(`${host} is ${verdict.what}`) };
  } else if (localName) {
    if (!opts.allowHttpLoopback) {
      return { ok: false, reason: notAllowed(`${host} always leads to this server itself, a loopback address`) };
    }
  } else {
    const why = privateName(host);
    if (why) return { ok: false, reason: notAllowed(why) };
  }
  return { ok: true, url, host };
}

export type TResolvedAddress = { address: string; family: number };
/** Resolves a host name to every address it has (the default asks the system resolver). */
export type TResolver = (hostname: string) => Promise<TResolvedAddress[]>;

export const systemResolver: TResolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** How long a name may take to resolve before the URL is refused (at save) or the delivery fails. */
export const RESOLVE_TIMEOUT_MS = 5000;

class ResolveTimeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ResolveTimeout()), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function unresolved(host: string, err: unknown, timeoutMs: number): string {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  const why =
    err instanceof ResolveTimeout
      ? ` (no answer within ${Math.round(timeoutMs / 1000)} seconds)`
      : err === null
        ? ' (it has no address)'
        : code === 'ENOTFOUND' || code === 'ENODATA'
          ? ' (no such name)'
          : code
            ? ` (${code})`
            : '';
  return `This address could not be checked: ${host} could not be resolved${why}. Check the host name; a name just set up may take a few minutes to resolve.`;
}

export type TTargetVerdict =
  { ok: true; url: URL; host: string; address: TResolvedAddress } | { ok: false; reason: string };

/**
 * Where a webhook to `raw` connects, or why it may not: the URL's rules, then every address its
 * host resolves to must be allowed. Checked when an endpoint is saved and again before each
 * delivery, which connects to the address answered here (a name that changed its answer since
 * the save is refused then).
 */
export async function checkWebhookTarget(
  raw: string,
  opts: { allowHttpLoopback: boolean; resolve?: TResolver; timeoutMs?: number },
): Promise<TTargetVerdict> {
  const checked = checkWebhookUrl(raw, opts);
  if (!checked.ok) return checked;
  const { url, host } = checked;
  const family = isIP(host);
  if (family !== 0) return { ok: true, url, host, address: { address: host, family } };
  const timeoutMs = opts.timeoutMs ?? RESOLVE_TIMEOUT_MS;
  let addresses: TResolvedAddress[];
  try {
    addresses = await withTimeout((opts.resolve ?? systemResolver)(host), timeoutMs);
  } catch (err) {
    return { ok: false, reason: unresolved(host, err, timeoutMs) };
  }
  if (addresses.length === 0) return { ok: false, reason: unresolved(host, null, timeoutMs) };
  for (const a of addresses) {
    const verdict = checkAddress(a.address, { allowLoopback: opts.allowHttpLoopback });
    if (!verdict.ok) return { ok: false, reason: notAllowed(`${host} resolves to ${a.address}, ${verdict.what}`) };
  }
  return { ok: true, url, host, address: addresses[0]! };
}
