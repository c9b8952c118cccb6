/**
 * Several connections on one KV file (WORKERS isolates, or two processes) commit without
 * "database is locked" reaching the app: lib/db/locked_commits.ts tries such a commit again.
 * Without it, two processes each saw thousands of these errors in 3 s on this machine.
 */
import assert from "node:assert/strict";

const CONTEND = new URL("../fixtures/kv/contend.ts", import.meta.url).pathname;

async function contend(path: string, ms: number): Promise<{ applied: number; errors: number }> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-kv", CONTEND, path, String(ms)],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  assert.equal(code, 0, text.decode(stderr));
  return JSON.parse(text.decode(stdout).trim().split("\n").at(-1)!);
}

Deno.test("two processes committing checked changes to one KV file see no 'database is locked'", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/shared.kv`;
  try {
    const [first, second] = await Promise.all([contend(path, 2000), contend(path, 2000)]);
    assert.deepEqual([first.errors, second.errors], [0, 0]);
    // Every commit that reported success is in the counter, and no other.
    const kv = await Deno.openKv(path);
    const counter = await kv.get<number>(["counter"]);
    kv.close();
    assert.equal(counter.value, first.applied + second.applied);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
