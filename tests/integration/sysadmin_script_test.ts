import assert from "node:assert/strict";
import { keys } from "../../lib/db/keys.ts";
import { verifyPassword } from "../../lib/auth/passwords.ts";
import type { Sysadmin } from "../../lib/db/sysadmins.ts";

const ROOT = new URL("../..", import.meta.url).pathname;

async function runTask(email: string, password: string, kvPath: string) {
  return await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "scripts/sysadmin_create.ts", email],
    cwd: ROOT,
    env: { GOALMATES_KV: kvPath, SYSADMIN_PASSWORD: password },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
}

Deno.test("[sysadmin:create] makes a system administrator, resets its password, refuses a weak one", async () => {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/test.kv`;
  try {
    const created = await runTask("Root@Example.com", "first long password", kvPath);
    assert.equal(created.code, 0, new TextDecoder().decode(created.stderr));
    assert.match(new TextDecoder().decode(created.stdout), /root@example\.com: created/);

    const weak = await runTask("root@example.com", "short", kvPath);
    assert.equal(weak.code, 1);
    assert.match(new TextDecoder().decode(weak.stderr), /at least 12 characters/);

    const updated = await runTask("root@example.com", "second long password", kvPath);
    assert.match(new TextDecoder().decode(updated.stdout), /updated/);

    using kv = await Deno.openKv(kvPath);
    const stored = (await kv.get<Sysadmin>(keys.sysadmin("root@example.com"))).value!;
    assert.ok(await verifyPassword("second long password", stored.passwordHash));
    assert.ok(!JSON.stringify(stored).includes("second long password"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
