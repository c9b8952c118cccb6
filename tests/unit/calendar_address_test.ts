import assert from "node:assert/strict";
import { isBlockedAddress, isLoopbackAddress, parseIPv4, parseIPv6 } from "../../lib/calendar/address.ts";

/** Ranges as [what they are, addresses in them (first, inside, last)]. */
type Table = [range: string, addresses: string[]][];

function checkTable(table: Table, blocked: boolean): void {
  for (const [range, addresses] of table) {
    for (const ip of addresses) assert.equal(isBlockedAddress(ip), blocked, `${ip} (${range})`);
  }
}

Deno.test("[calendar address] every private, local and special IPv4 range is blocked, at both ends", () => {
  checkTable([
    ["this network", ["0.0.0.0", "0.255.255.255"]],
    ["private 10/8", ["10.0.0.0", "10.0.0.1", "10.255.255.255"]],
    ["carrier-grade NAT", ["100.64.0.0", "100.127.255.255"]],
    ["loopback", ["127.0.0.0", "127.0.0.1", "127.255.255.255"]],
    ["link-local and cloud metadata", ["169.254.0.0", "169.254.169.254", "169.254.255.255"]],
    ["private 172.16/12", ["172.16.0.0", "172.20.1.1", "172.31.255.255"]],
    ["private 192.168/16", ["192.168.0.0", "192.168.1.1", "192.168.255.255"]],
    ["IETF, documentation, benchmarking", [
      "192.0.0.1",
      "192.0.2.10",
      "198.18.0.1",
      "198.19.255.255",
      "198.51.100.7",
      "203.0.113.9",
    ]],
    ["multicast", ["224.0.0.0", "224.0.0.1", "239.255.255.255"]],
    ["reserved and broadcast", ["240.0.0.0", "240.0.0.1", "255.255.255.254", "255.255.255.255"]],
  ], true);
  checkTable([
    ["public", ["1.1.1.1", "8.8.8.8", "142.250.72.14", "223.255.255.255"]],
    ["just outside a blocked range", [
      "9.255.255.255",
      "11.0.0.0",
      "100.63.255.255",
      "100.128.0.0",
      "126.255.255.255",
      "128.0.0.0",
      "169.253.255.255",
      "169.255.0.0",
      "172.15.255.255",
      "172.32.0.0",
      "192.167.255.255",
      "192.169.0.0",
    ]],
  ], false);
});

Deno.test("[calendar address] IPv6: loopback, unspecified, local, multicast and every IPv4 embedding", () => {
  checkTable([
    ["unspecified and loopback", ["::", "::1", "0:0:0:0:0:0:0:1", "[::1]", "::0001"]],
    ["unique local", ["fc00::1", "fd12:3456:789a::1", "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"]],
    ["link-local", ["fe80::1", "fe80::1%eth0", "febf:ffff::1"]],
    ["site-local", ["fec0::1"]],
    ["multicast", ["ff00::", "ff02::1", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"]],
    ["IPv4-mapped loopback", ["::ffff:127.0.0.1", "::ffff:7f00:1", "::FFFF:7F00:0001", "0:0:0:0:0:ffff:7f00:1"]],
    ["IPv4-mapped private", ["::ffff:169.254.169.254", "::ffff:a9fe:a9fe", "::ffff:192.168.1.1", "::ffff:a00:1"]],
    ["IPv4-compatible (deprecated, never a real host)", ["::127.0.0.1", "::7f00:1", "::8.8.8.8"]],
    ["NAT64 of a blocked IPv4", ["64:ff9b::127.0.0.1", "64:ff9b::a00:1", "64:ff9b::169.254.169.254"]],
    ["local-use NAT64", ["64:ff9b:1::1"]],
    ["6to4 of a blocked IPv4", ["2002:7f00:1::1", "2002:a9fe:a9fe::", "2002:c0a8:101::1"]],
    ["Teredo, documentation, discard", ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "2001:db8::1", "100::1"]],
    // Reserved by the IETF, never given out: IANA assigns unicast from 2000::/3 only.
    ["reserved, next to unique local and link-local", ["fbff:ffff::1", "fe7f::1"]],
  ], true);
  checkTable([
    ["public", ["2606:4700:4700::1111", "2001:4860:4860::8888", "2a00:1450:4001:830::200e", "2001:200::1"]],
    ["a public IPv4 mapped or through NAT64", ["::ffff:8.8.8.8", "::ffff:808:808", "64:ff9b::8.8.8.8"]],
    ["just outside documentation and 6to4", ["2001:db9::", "2003::1"]],
  ], false);
});

Deno.test("[calendar address] what does not parse as an address is blocked", () => {
  for (
    const text of [
      "",
      "localhost",
      "127.1",
      "2130706433",
      "0x7f.0.0.1",
      "017700000001",
      "127.0.0.01",
      "256.1.1.1",
      "1.2.3",
      "1.2.3.4.5",
      "1:2:3:4:5:6:7:8:9",
      "::1::",
      "12345::",
      "g::1",
      ":::",
      "1.2.3.4 ",
      "::ffff:300.1.1.1",
    ]
  ) {
    assert.equal(isBlockedAddress(text), true, JSON.stringify(text));
  }
});

Deno.test("[calendar address] parsers and the loopback test", () => {
  assert.equal(parseIPv4("127.0.0.1"), 0x7f000001);
  assert.equal(parseIPv4("255.255.255.255"), 0xffffffff);
  assert.equal(parseIPv4("01.2.3.4"), null);
  assert.equal(parseIPv6("::1"), 1n);
  assert.equal(parseIPv6("::ffff:127.0.0.1"), 0xffff7f000001n);
  assert.equal(parseIPv6("1:2:3:4:5:6:7:8"), 0x00010002000300040005000600070008n);
  assert.equal(parseIPv6("1::8"), 0x00010000000000000000000000000008n);
  assert.equal(parseIPv6("127.0.0.1"), null);
  for (const ip of ["127.0.0.1", "127.3.2.1", "::1", "[::1]"]) assert.equal(isLoopbackAddress(ip), true, ip);
  for (const ip of ["::ffff:127.0.0.1", "10.0.0.1", "::", "0.0.0.0", "8.8.8.8", "localhost"]) {
    assert.equal(isLoopbackAddress(ip), false, ip);
  }
});

Deno.test("[calendar address] IPv6 special-purpose ranges: inside each is blocked; just outside, only global unicast is not", () => {
  // [range, addresses inside, [the addresses just outside it, whether they are blocked]]. Outside
  // 2000::/3 nothing is public, so a neighbour there stays blocked.
  const ranges: [string, string[], [string, boolean][]][] = [
    ["::ffff:0:0:0/96 IPv4-translated (RFC 2765), whatever the IPv4", [
      "::ffff:0:127.0.0.1",
      "::ffff:0:8.8.8.8",
      "0:0:0:0:ffff:0:0:0",
      "::ffff:0:ffff:ffff",
    ], [["::ffff:1:0:0", true], ["::fffe:ffff:ffff:ffff", true]]],
    ["64:ff9b:1::/48 local-use NAT64 (RFC 8215), whatever the IPv4", ["64:ff9b:1::8.8.8.8", "64:ff9b:1:ffff::1"], [
      ["64:ff9b:2::", true],
      ["64:ff9b::8.8.8.8", false],
    ]],
    ["100::/64 discard (RFC 6666) and 100:0:0:1::/64 dummy (RFC 9780)", ["100::1", "100:0:0:1::1"], [
      ["100:0:0:2::", true],
    ]],
    ["2001::/23 IETF protocol assignments", [
      "2001::", // Teredo 2001::/32
      "2001:0:4136:e378:8000:63bf:3fff:fdd2",
      "2001:1::1", // PCP anycast
      "2001:2::1", // benchmarking
      "2001:10::1", // ORCHID
      "2001:20::1", // ORCHIDv2
      "2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff",
    ], [["2001:200::", false], ["2000:ffff:ffff:ffff:ffff:ffff:ffff:ffff", false]]],
    ["2001:db8::/32 documentation", ["2001:db8::1", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff"], [
      ["2001:db9::", false],
      ["2001:db7:ffff:ffff:ffff:ffff:ffff:ffff", false],
    ]],
    ["2002::/16 6to4, whatever the IPv4", [
      "2002:808:808::1",
      "2002:7f00:1::1",
      "2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
    ], [
      ["2003::", false],
      ["2001:ffff:ffff:ffff:ffff:ffff:ffff:ffff", false],
    ]],
    ["3fff::/20 documentation (RFC 9637)", ["3fff::1", "3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff"], [
      ["3fff:1000::", false],
      ["3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff", false],
    ]],
    ["5f00::/16 SRv6 SIDs (RFC 9602)", ["5f00::1", "5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff"], [
      ["5f01::", true],
      ["5eff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", true],
    ]],
    ["outside 2000::/3, global unicast", ["1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "4000::", "e000::1"], [
      ["2000::", false],
      ["3fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", false],
    ]],
  ];
  for (const [range, inside, outside] of ranges) {
    for (const ip of inside) assert.equal(isBlockedAddress(ip), true, `${ip} is in ${range}`);
    for (const [ip, blocked] of outside) assert.equal(isBlockedAddress(ip), blocked, `${ip}, just outside ${range}`);
  }
});
