/**
 * Which IP addresses the calendar fetch must never connect to (R34): every address that
 * reaches this machine, its network, a cloud metadata service or nothing public. Pure.
 * Anything that does not parse as an address is refused too: a resolver's answer we cannot
 * read is not one we can vouch for.
 */

/** [network, prefix length] over IPv4 as unsigned 32-bit numbers. */
const BLOCKED_V4: readonly (readonly [string, number])[] = [
  ["0.0.0.0", 8], // "this network"; 0.0.0.0 reaches the local host on Linux
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, including the cloud metadata service 169.254.169.254
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, including broadcast 255.255.255.255
];

/** Strict dotted decimal ("a.b.c.d", each 0–255, no leading zeros): what resolvers answer. */
export function parseIPv4(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
}

/** An IPv6 address (brackets and a zone such as %eth0 allowed) as a 128-bit number. */
export function parseIPv6(text: string): bigint | null {
  let address = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  address = address.replace(/%[A-Za-z0-9_.-]+$/, "");
  if (!address.includes(":")) return null;
  let groups: string[];
  // A trailing dotted IPv4 (::ffff:127.0.0.1) stands for the last two groups.
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    const v4 = parseIPv4(dotted[2]);
    if (v4 === null) return null;
    address = `${dotted[1]}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const split = (half: string) => (half === "" ? [] : half.split(":"));
  if (halves.length === 2) {
    const [head, tail] = [split(halves[0]), split(halves[1])];
    if (head.length + tail.length > 7) return null;
    groups = [...head, ...Array(8 - head.length - tail.length).fill("0"), ...tail];
  } else {
    groups = split(address);
  }
  if (groups.length !== 8) return null;
  let value = 0n;
  for (const group of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null;
    value = (value << 16n) | BigInt(parseInt(group, 16));
  }
  return value;
}

const v6 = (text: string) => parseIPv6(text)!;
const inV6 = (value: bigint, network: bigint, prefix: number) =>
  (value >> BigInt(128 - prefix)) === (network >> BigInt(128 - prefix));
const inV4 = (value: number, network: number, prefix: number) =>
  prefix === 0 || (value >>> (32 - prefix)) === (network >>> (32 - prefix));

const BLOCKED_V4_NUMERIC = BLOCKED_V4.map(([network, prefix]) => [parseIPv4(network)!, prefix] as const);

function isBlockedV4(value: number): boolean {
  return BLOCKED_V4_NUMERIC.some(([network, prefix]) => inV4(value, network, prefix));
}

/**
 * IPv6 ranges that carry an IPv4 address in their low 32 bits and reach it: blocked when that
 * address is (a NAT64 network's DNS64 answers 64:ff9b::8.8.8.8 for a public host).
 */
const EMBEDDING_V4: readonly (readonly [bigint, number])[] = [
  [v6("::ffff:0:0"), 96], // IPv4-mapped
  [v6("64:ff9b::"), 96], // NAT64 (well-known prefix)
];

/**
 * IANA gives public unicast addresses out of 2000::/3 only (RFC 4291 §2.4); the rest of the space
 * is special-purpose or reserved, so all of it is blocked, including (IANA IPv6 special-purpose
 * registry, RFC 6890 and its updates): :: and ::1, the deprecated IPv4-compatible ::/96, the
 * IPv4-translated ::ffff:0:0:0/96 (RFC 2765), local-use NAT64 64:ff9b:1::/48 (RFC 8215), discard
 * 100::/64 (RFC 6666), the dummy prefix 100:0:0:1::/64 (RFC 9780), SRv6 SIDs 5f00::/16 (RFC 9602),
 * unique local fc00::/7, link-local fe80::/10, site-local fec0::/10 and multicast ff00::/8.
 */
const GLOBAL_UNICAST = [v6("2000::"), 3] as const;

/** The special-purpose ranges inside 2000::/3. */
const BLOCKED_GLOBAL_V6: readonly (readonly [bigint, number])[] = [
  // IETF protocol assignments: Teredo 2001::/32 (tunnels to an IPv4 address we cannot see),
  // benchmarking 2001:2::/48, ORCHID 2001:10::/28 and ORCHIDv2 2001:20::/28, the PCP/TURN/DNS-SD
  // anycast addresses, AMT, AS112: no calendar is served from any of them.
  [v6("2001::"), 23],
  [v6("2001:db8::"), 32], // documentation
  // 6to4 (deprecated, RFC 7526): relays to the IPv4 address in bits 16–48, private or not.
  [v6("2002::"), 16],
  [v6("3fff::"), 20], // documentation (RFC 9637)
];

function isBlockedV6(value: bigint): boolean {
  for (const [network, prefix] of EMBEDDING_V4) {
    if (inV6(value, network, prefix)) return isBlockedV4(Number(value & 0xffffffffn));
  }
  if (!inV6(value, ...GLOBAL_UNICAST)) return true;
  return BLOCKED_GLOBAL_V6.some(([network, prefix]) => inV6(value, network, prefix));
}

/** Whether the fetch must refuse to connect to `ip` (an IPv4 or IPv6 address as a resolver gives it). */
export function isBlockedAddress(ip: string): boolean {
  const v4 = parseIPv4(ip);
  if (v4 !== null) return isBlockedV4(v4);
  const value = parseIPv6(ip);
  return value === null ? true : isBlockedV6(value);
}

/** 127.0.0.0/8 or ::1: the only private addresses tests may allow (`allowPrivateHosts`). */
export function isLoopbackAddress(ip: string): boolean {
  const v4 = parseIPv4(ip);
  if (v4 !== null) return inV4(v4, parseIPv4("127.0.0.0")!, 8);
  return parseIPv6(ip) === 1n;
}
