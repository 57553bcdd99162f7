import { BlockList, isIP } from "node:net";

// Which IP addresses the server may fetch from on a user's behalf (media by URL): public unicast only. Everything a
// request forged by a user could reach inside our network or the cloud host is refused: loopback, private ranges,
// link-local (169.254.169.254 is the cloud metadata service), carrier-grade NAT, "this network", multicast,
// reserved and documentation ranges, and the IPv6 twins (ULA, link-local, loopback, IPv4-mapped/-translated).

const refusedV4 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  refusedV4.addSubnet(network, prefix, "ipv4");

// IPv6: only global unicast (2000::/3) may pass, less its special-purpose blocks.
const globalV6 = new BlockList();
globalV6.addSubnet("2000::", 3, "ipv6");
const refusedV6 = new BlockList();
for (const [network, prefix] of [
  ["2001::", 23], // IETF protocol assignments (Teredo, ORCHID, …)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: tunnels to any IPv4 address
  ["3fff::", 20], // documentation
] as const)
  refusedV6.addSubnet(network, prefix, "ipv6");

/** True when the address is public unicast, so the server may connect to it for a user. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return !refusedV4.check(bare, "ipv4");
  if (family !== 6) return false;
  // IPv4-mapped (::ffff:…), compatible and NAT64 addresses lie outside 2000::/3: refused with the rest.
  return globalV6.check(bare, "ipv6") && !refusedV6.check(bare, "ipv6");
}
