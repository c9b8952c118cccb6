/**
 * `deno task sysadmin:create <email>`: creates a system administrator (or resets its
 * password). The password is read from SYSADMIN_PASSWORD or asked for, never taken from
 * the command line, where it would land in shell history.
 */
import { loadConfig } from "../lib/config.ts";
import { openKv } from "../lib/db/kv.ts";
import { ensureSysadmin } from "../lib/auth/login.ts";

const config = loadConfig();
const email = Deno.args[0] ?? config.sysadminEmail ?? prompt("System administrator e-mail:") ?? "";
const password = config.sysadminPassword ?? prompt("Password (12 to 128 characters):") ?? "";
const kv = await openKv(config.kvPath);
try {
  const outcome = await ensureSysadmin(kv, email, password);
  console.log(`System administrator ${email.trim().toLowerCase()}: ${outcome}.`);
} catch (error) {
  console.error((error as Error).message);
  Deno.exitCode = 1;
} finally {
  kv.close();
}
