import type { IncomingHttpHeaders } from 'node:http';
import { isIPv4 } from 'node:net';
import { UAParser } from 'ua-parser-js';

export interface ClientInfo {
  ipaddr: string;
  loginLocation: string;
  browser: string;
  os: string;
}

/** Proxy headers in the contract's order; only consulted when the operator said a proxy is trusted. */
const PROXY_HEADERS = ['x-forwarded-for', 'proxy-client-ip', 'wl-proxy-client-ip', 'x-real-ip'] as const;

function normalizeIp(ip: string): string {
  const trimmed = ip.trim();
  if (trimmed === '::1' || trimmed === '0:0:0:0:0:0:0:1') return '127.0.0.1';
  if (trimmed.startsWith('::ffff:') && isIPv4(trimmed.slice(7))) return trimmed.slice(7);
  return trimmed;
}

/**
 * The entry the nearest proxy wrote. Each proxy appends the address it saw, so the last entry is the
 * trusted proxy's own; anything before it came from further out and, in the end, from the client,
 * who can write any address there. Upstream takes the first entry, which is why it is not followed.
 * `unknown` (the proxy could not tell) is no address, and the entries before it are no better.
 */
function nearestEntry(value: string | string[] | undefined): string | null {
  const joined = Array.isArray(value) ? value.join(',') : value;
  const last = joined?.split(',').at(-1)?.trim();
  return last && last.toLowerCase() !== 'unknown' ? last : null;
}

/**
 * Client address for logs and the IP blacklist. Forwarding headers are spoofable by anyone,
 * so they count only behind a trusted proxy (TRUST_PROXY), and only the entry that proxy added
 * (the shipped nginx replaces X-Forwarded-For outright); otherwise the socket address wins.
 */
export function resolveClientIp(headers: IncomingHttpHeaders, remoteAddress: string | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    for (const name of PROXY_HEADERS) {
      const ip = nearestEntry(headers[name]);
      if (ip) return normalizeIp(ip);
    }
  }
  return normalizeIp(remoteAddress ?? '');
}

function ipv4ToNumber(ip: string): number | null {
  if (!isIPv4(ip)) return null;
  return ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

/** Loopback and RFC 1918 blocks as inclusive [first, last] numbers. */
const PRIVATE_V4_RANGES: ReadonlyArray<readonly [number, number]> = [
  [10 << 24, (10 << 24) + 0xffffff],
  [(172 * 2 ** 24) + (16 << 16), (172 * 2 ** 24) + (31 << 16) + 0xffff],
  [(192 * 2 ** 24) + (168 << 16), (192 * 2 ** 24) + (168 << 16) + 0xffff],
  [127 * 2 ** 24, 127 * 2 ** 24 + 0xffffff],
];

export function isInternalIp(ip: string): boolean {
  const n = ipv4ToNumber(ip);
  if (n === null) {
    const lower = ip.toLowerCase();
    return lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80:');
  }
  return PRIVATE_V4_RANGES.some(([first, last]) => n >= first && n <= last);
}

/** No remote geo lookup is configured, so public addresses get the contract's placeholder. */
export function ipLocation(ip: string): string {
  return isInternalIp(ip) ? '内网IP' : 'XX XX';
}

const UNKNOWN = 'Unknown';

function describe(name: string | undefined, version: string | undefined): string {
  if (!name) return UNKNOWN;
  return (version ? `${name} ${version}` : name).slice(0, 50);
}

export function parseUserAgent(userAgent: string | undefined): { browser: string; os: string } {
  const { browser, os } = UAParser(userAgent ?? '');
  return { browser: describe(browser.name, browser.major), os: describe(os.name, os.version) };
}

export function clientInfo(ip: string, userAgent: string | undefined): ClientInfo {
  return { ipaddr: ip, loginLocation: ipLocation(ip), ...parseUserAgent(userAgent) };
}

/**
 * `sys.login.blackIPList`: `;`-separated exact IPv4 addresses, wildcards (`10.1.*.*`)
 * and ranges (`10.0.0.1-10.0.0.9`).
 */
export function isIpListed(list: string, ip: string): boolean {
  const target = ipv4ToNumber(ip);
  return list.split(';').map((s) => s.trim()).filter(Boolean).some((entry) => {
    if (entry === ip) return true;
    if (target === null) return false;
    if (entry.includes('-')) {
      const [from, to] = entry.split('-').map((s) => ipv4ToNumber(s.trim()));
      return from !== null && to !== null && target >= Math.min(from, to) && target <= Math.max(from, to);
    }
    if (entry.includes('*')) {
      const pattern = entry.split('.');
      const parts = ip.split('.');
      return pattern.length === 4 && pattern.every((p, i) => p === '*' || p === parts[i]);
    }
    return false;
  });
}
