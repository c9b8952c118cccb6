/**
 * Behind the operator's reverse proxy (deploy/Caddyfile) every peer is the proxy. TRUSTED_PROXY
 * names it: from that peer the client is the last X-Forwarded-For address, the one the proxy
 * wrote, so per-address limits and security events see each family, not the whole league as one.
 * From any other peer the header is the client's own words and is ignored.
 */
import assert from "node:assert/strict";
import { call, createTestApp } from "../helpers.ts";
import { loadConfig } from "../../lib/config.ts";
import { configureSecurityLog } from "../../lib/security_log.ts";

/** The address the security log records for one failed password sign-in from `ip` with `forwarded`. */
async function seenAddress(env: Record<string, string>, ip: string, forwarded?: string): Promise<unknown> {
  const lines: string[] = [];
  const restore = configureSecurityLog({ sink: (line) => lines.push(line) });
  try {
    await using t = await createTestApp({ env });
    const res = await call(t.app, "POST", "/api/team-admin/login", {
      body: { email: "nobody@example.com", password: "not the password 1" },
      ip,
      headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded },
    });
    assert.equal(res.status, 401);
    await res.body?.cancel();
  } finally {
    restore();
  }
  assert.equal(lines.length, 1, lines.join("\n"));
  return JSON.parse(lines[0]).ip;
}

Deno.test("[proxy] from the trusted proxy, the client is the last X-Forwarded-For address", async () => {
  const env = { TRUSTED_PROXY: "127.0.0.1, ::1" };
  // A client may send its own header; the proxy appends the address it saw, which is the one believed.
  assert.equal(await seenAddress(env, "127.0.0.1", "10.9.9.9, 198.51.100.4"), "198.51.100.4");
  assert.equal(await seenAddress(env, "::1", "2001:db8::7"), "2001:db8::7");
  // Nothing usable in the header: the proxy itself.
  assert.equal(await seenAddress(env, "127.0.0.1"), "127.0.0.1");
  assert.equal(await seenAddress(env, "127.0.0.1", "not-an-address"), "127.0.0.1");
});

Deno.test("[proxy] from any other peer, or with no TRUSTED_PROXY, X-Forwarded-For is ignored", async () => {
  assert.equal(await seenAddress({ TRUSTED_PROXY: "127.0.0.1" }, "203.0.113.7", "198.51.100.4"), "203.0.113.7");
  assert.equal(await seenAddress({}, "127.0.0.1", "198.51.100.4"), "127.0.0.1");
});

Deno.test("[proxy] TRUSTED_PROXY takes IP addresses only, and says which entry is wrong", () => {
  assert.deepEqual([...loadConfig({ TRUSTED_PROXY: " 10.0.0.2 ,fd00::1," }).trustedProxies], ["10.0.0.2", "fd00::1"]);
  assert.equal(loadConfig({}).trustedProxies.size, 0);
  for (const bad of ["caddy.internal", "10.0.0.0/8", "300.1.1.1"]) {
    assert.throws(() => loadConfig({ TRUSTED_PROXY: bad }), new RegExp(`TRUSTED_PROXY must list IP addresses.*${bad}`));
  }
});
