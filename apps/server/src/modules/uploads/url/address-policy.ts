import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** Addresses no server-side fetch may reach: loopback, private, link-local, reserved (RFC 6890). */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
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
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** `::ffff:10.0.0.1` is 10.0.0.1 in disguise. */
function embeddedIPv4(address: string): string | null {
  const match = /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match?.[1] ?? null;
}

export function isPublicAddress(address: string): boolean {
  const mapped = embeddedIPv4(address);
  if (mapped) return isPublicAddress(mapped);
  if (isIPv4(address)) return !NON_PUBLIC.check(address, 'ipv4');
  if (isIPv6(address)) return !NON_PUBLIC.check(address, 'ipv6');
  return false;
}

/** Which resolved addresses a URL upload may connect to. */
export type AddressPolicy = (address: string) => boolean;

/** Public addresses only, unless the admin allowed private ones (trusted installs, tests). */
export const addressPolicy = ({ allowPrivate }: { allowPrivate: boolean }): AddressPolicy =>
  allowPrivate ? () => true : isPublicAddress;
