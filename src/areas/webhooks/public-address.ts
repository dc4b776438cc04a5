// Which addresses a webhook may be sent to: public IPv4, and global unicast IPv6. IPv6 is an
// allow-list (2000::/3, less its special-purpose blocks), not a deny-list, because the address
// space outside it keeps growing new special ranges (3fff::/20, 5f00::/16, …) and the forms that
// embed an IPv4 address (`::7f00:1`, `::ffff:0:7f00:1`, …) are many; a deny-list let them through.
// The IPv6 forms that really carry traffic to an IPv4 host (IPv4-mapped, NAT64's well-known prefix,
// 6to4) are judged by the IPv4 address they embed. Ranges: RFC 6890 and the IANA special-purpose
// address registries.

import { BlockList, isIP } from 'node:net';

// Loopback, private, link-local, carrier-grade NAT, documentation, benchmarking, 6to4 relay,
// multicast, reserved, broadcast and "this network".
const blockedV4 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blockedV4.addSubnet(net, bits, 'ipv4');

const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');

// The special-purpose blocks inside 2000::/3 that are not a host on the internet: the IETF
// protocol assignments (2001::/23, Teredo included; its few globally reachable sub-blocks are
// anycast services no webhook targets), documentation (2001:db8::/32 and 3fff::/20).
const blockedV6 = new BlockList();
for (const [net, bits] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['3fff::', 20],
] as const)
  blockedV6.addSubnet(net, bits, 'ipv6');

/** The eight 16-bit words of a valid IPv6 address (`isIP(address) === 6`, no zone). */
function words(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? 0 : 8 - front.length - back.length;
  return [...front, ...Array<string>(zeros).fill('0'), ...back].map((w) => Number.parseInt(w, 16));
}

const v4 = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** Whether an address is a host on the public internet (an IPv6 form carrying an IPv4 address is judged as that address). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blockedV4.check(address, 'ipv4');
  // A zone (`fe80::1%eth0`) is only ever on a link-local address.
  if (family !== 6 || address.includes('%')) return false;
  const w = words(address);
  if (w.length !== 8) return false;
  // ::ffff:a.b.c.d, IPv4-mapped: a socket to it is a socket to a.b.c.d.
  if (w[0] === 0 && w[1] === 0 && w[2] === 0 && w[3] === 0 && w[4] === 0 && w[5] === 0xffff) return isPublicAddress(v4(w[6]!, w[7]!));
  // 64:ff9b::/96, NAT64's well-known prefix: the translator sends it to the embedded IPv4 address.
  if (w[0] === 0x64 && w[1] === 0xff9b && w[2] === 0 && w[3] === 0 && w[4] === 0 && w[5] === 0) return isPublicAddress(v4(w[6]!, w[7]!));
  // 2002:AABB:CCDD::/48, 6to4: relayed to the IPv4 address in the second and third words.
  if (w[0] === 0x2002) return isPublicAddress(v4(w[1]!, w[2]!));
  // Everything else outside 2000::/3 (IPv4-compatible ::a.b.c.d, ::ffff:0:a.b.c.d, local-use
  // NAT64 64:ff9b:1::/48, unique-local, link-local, multicast, 5f00::/16, …) is refused.
  return globalUnicast.check(address, 'ipv6') && !blockedV6.check(address, 'ipv6');
}
