import { isIPv4, isIPv6 } from 'node:net';

const GROUPS = 8;
/** The first 48 bits of an IPv6 address (a site's prefix) are kept; the last 80 are zeroed. */
const KEPT_GROUPS = 3;

/** URL's parser validates an IPv6 literal and writes it in its shortest canonical form. */
function canonicalIpv6(address: string): string {
  return new URL(`http://[${address}]/`).hostname.slice(1, -1);
}

/** The eight 16-bit groups of an IPv6 address, a trailing dotted IPv4 part included. */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = canonicalIpv6(address).split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  if (tail === undefined) return parse(head);
  const [before, after] = [parse(head), parse(tail)];
  return [...before, ...Array<number>(GROUPS - before.length - after.length).fill(0), ...after];
}

function truncatedIpv4(octets: number[]): string {
  return `${octets.slice(0, 3).join('.')}.0`;
}

/** How a dual-stack socket (the server listening on ::) writes every IPv4 client, in Node's lower case. */
const MAPPED_PREFIX = '::ffff:';

/** ::ffff:a.b.c.d is how a dual-stack socket reports an IPv4 client. */
function isIpv4Mapped(groups: number[]): boolean {
  return groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
}

/**
 * What the logs keep of a client address: its network, not the host (LGPD art. 6 III, minimisation).
 * IPv4 loses its last octet; IPv6 its last 80 bits; an IPv4-mapped IPv6 address is an IPv4 client
 * and is truncated as one. Anything that is not an address is left out rather than logged.
 */
export function truncateAddress(address: string): string | undefined {
  // The two forms nearly every request has, IPv4 and IPv4 as a dual-stack socket writes it, are cut
  // as text: the statistics truncate every counted view's address.
  const ipv4 = address.startsWith(MAPPED_PREFIX) ? address.slice(MAPPED_PREFIX.length) : address;
  if (isIPv4(ipv4)) return `${ipv4.slice(0, ipv4.lastIndexOf('.'))}.0`;
  const bare = address.split('%')[0]!; // a zone id ("fe80::1%eth0") names our interface, not the client
  if (!isIPv6(bare)) return undefined;
  const groups = ipv6Groups(bare);
  if (isIpv4Mapped(groups)) return truncatedIpv4([groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8]);
  const kept = groups.map((group, index) => (index < KEPT_GROUPS ? group : 0));
  return canonicalIpv6(kept.map((group) => group.toString(16)).join(':'));
}
