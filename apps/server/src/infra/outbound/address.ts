import ipaddr from 'ipaddr.js';

/**
 * - `public`: a global unicast address, always allowed;
 * - `lan`: loopback, private, unique-local and carrier-grade NAT, allowed only where the deployment says
 *   so (a model server on the same machine or LAN);
 * - `blocked`: never reached, whatever the settings: link-local (cloud metadata lives there), the known
 *   metadata addresses outside it, and everything that is not a unicast host (unspecified, multicast,
 *   broadcast, reserved, documentation, translation prefixes nothing of ours should reach).
 */
export type AddressClass = 'public' | 'lan' | 'blocked';

const LAN_RANGES = new Set(['loopback', 'private', 'uniqueLocal', 'carrierGradeNat']);

/** Metadata services that are not in 169.254.0.0/16: Alibaba Cloud, AWS over IPv6, Oracle Cloud's legacy address. */
const METADATA_ADDRESSES = new Set(['100.100.100.200', 'fd00:ec2::254', '192.0.0.192']);

/** Host names of metadata services, refused before any DNS lookup. */
const METADATA_HOSTS = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'metadata.azure.com', 'instance-data', 'instance-data.ec2.internal']);

export const isMetadataHost = (hostname: string) => METADATA_HOSTS.has(hostname.toLowerCase().replace(/\.$/, ''));

const v4 = (high: number, low: number) => ipaddr.IPv4.parse(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);

/**
 * The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::/96,
 * 6to4 2002::/16): such an address reaches the IPv4 host, so it is judged as that host.
 */
function embeddedV4(addr: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = addr.parts;
  switch (addr.range()) {
    case 'ipv4Mapped':
      return addr.toIPv4Address();
    case 'rfc6052':
      return v4(p[6], p[7]);
    case '6to4':
      return v4(p[1], p[2]);
    case 'unicast':
      return p.slice(0, 6).every((x) => x === 0) ? v4(p[6], p[7]) : null;
    default:
      return null;
  }
}

/** Classifies a resolved address (IPv4 or IPv6 text, without brackets or zone); unparsable text is blocked. */
export function classifyAddress(address: string): AddressClass {
  if (!ipaddr.isValid(address)) return 'blocked';
  let addr = ipaddr.parse(address);
  if (addr.kind() === 'ipv6') addr = embeddedV4(addr as ipaddr.IPv6) ?? addr;
  if (METADATA_ADDRESSES.has(addr.toNormalizedString()) || METADATA_ADDRESSES.has(addr.toString())) return 'blocked';
  const range = addr.range();
  if (range === 'unicast') return 'public';
  return LAN_RANGES.has(range) ? 'lan' : 'blocked';
}
