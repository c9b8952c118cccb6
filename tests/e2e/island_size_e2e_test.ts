/**
 * The sign-in and join islands keep their own code under 8 KB gzip in the last build (run
 * `deno task build` first). The three sign-in islands share one form (components/login/LoginForm.tsx),
 * which each of them loads beside its own code.
 */
import assert from "node:assert/strict";
import { ISLAND_OWN_GZIP, islandOwnGzip } from "./island_size.ts";

const SIGN_IN_AND_JOIN = ["TeamLogin", "TeamAccessLogin", "SysadminLogin", "EmailTest", "JoinFlow"];

Deno.test("[island sizes] the sign-in and join islands keep their own code under 8 KB gzip", async () => {
  for (const name of SIGN_IN_AND_JOIN) {
    const bytes = await islandOwnGzip(name);
    assert.ok(bytes > 0 && bytes < ISLAND_OWN_GZIP, `${name}: ${bytes} B gzip of its own`);
  }
});
