/**
 * lib/db/kv_file.ts reads a Deno KV file as SQLite rows: every kind of key part and value must
 * come out as Deno itself lists it, with each entry's expiry and each queued job.
 */
import assert from "node:assert/strict";
import { countKvFile, decodeKey, fileEntries, fileJobs, KvFileError, openKvFile } from "../../lib/db/kv_file.ts";

const KEY_PARTS: Deno.KvKeyPart[] = [
  "",
  "plain",
  "with\0zero and ünïcödé ⚽",
  new Uint8Array([]),
  new Uint8Array([0, 0xff, 0, 1, 0xfe]),
  0,
  -0,
  1,
  -1,
  0.5,
  -1234.5678,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_VALUE,
  Infinity,
  -Infinity,
  0n,
  1n,
  -1n,
  255n,
  256n,
  -256n,
  2n ** 64n,
  -(2n ** 70n),
  2n ** 63n - 1n,
  false,
  true,
];

const VALUES: unknown[] = [
  null,
  "text",
  42,
  -0.25,
  12345678901234567890n,
  true,
  new Date(Date.UTC(2026, 4, 1, 12)),
  new Uint8Array([0, 1, 2, 255]),
  new Deno.KvU64(18446744073709551615n),
  { nested: { list: [1, "two", null], map: new Map([["a", 1]]), set: new Set([1, 2]) } },
  [new Uint8Array(60_000).fill(7)],
  /pattern/gi,
];

async function withFile<T>(fill: (kv: Deno.Kv) => Promise<void>, read: (path: string, kv: Deno.Kv) => Promise<T>) {
  const dir = await Deno.makeTempDir({ prefix: "goalmates-kv-file-" });
  const path = `${dir}/db.kv`;
  const kv = await Deno.openKv(path);
  try {
    await fill(kv);
    return await read(path, kv);
  } finally {
    kv.close();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("[kv file] every kind of key part and value reads back as Deno lists it, in the same order", async () => {
  await withFile(async (kv) => {
    for (const [i, part] of KEY_PARTS.entries()) await kv.set(["parts", part, i], VALUES[i % VALUES.length]);
    for (const [i, value] of VALUES.entries()) await kv.set(["values", i], value);
    await kv.set([1n, "mixed", true, new Uint8Array([9])], "a key of many kinds");
  }, async (path, kv) => {
    const listed = await Array.fromAsync(kv.list({ prefix: [] }), ({ key, value }) => ({ key, value }));
    const db = openKvFile(path, { readOnly: true });
    try {
      const read = [...fileEntries(db)].map(({ key, value }) => ({ key, value }));
      assert.equal(read.length, KEY_PARTS.length + VALUES.length + 1);
      assert.deepEqual(read, listed);
      // -0 is a key of its own (deepEqual alone would not tell it from 0).
      assert.ok(read.some(({ key }) => key[0] === "parts" && Object.is(key[1], -0)));
    } finally {
      db.close();
    }
  });
});

Deno.test("[kv file] an entry's expiry and a queued job's value and due time are read; expired entries are not", async () => {
  const before = Date.now();
  await withFile(async (kv) => {
    await kv.set(["session", "s1"], { user: "u1" }, { expireIn: 60_000 });
    await kv.set(["kept"], 1);
    await kv.set(["gone"], 2, { expireIn: 1 });
    await kv.enqueue({ type: "request-digest", teamId: "t1" }, { delay: 90_000, backoffSchedule: [1000, 5000] });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }, (path) => {
    const db = openKvFile(path, { readOnly: true });
    try {
      const entries = [...fileEntries(db)];
      assert.deepEqual(entries.map((e) => e.key), [["kept"], ["session", "s1"]]);
      const session = entries[1];
      assert.ok(session.expiresAt! >= before + 60_000 && session.expiresAt! <= Date.now() + 60_000);
      assert.equal(entries[0].expiresAt, null);
      const jobs = [...fileJobs(db)];
      assert.equal(jobs.length, 1);
      assert.deepEqual(jobs[0].value, { type: "request-digest", teamId: "t1" });
      assert.deepEqual(jobs[0].backoffSchedule, [1000, 5000]);
      assert.ok(jobs[0].dueAt >= before + 90_000 && jobs[0].dueAt <= Date.now() + 90_000);
      assert.deepEqual(countKvFile(db), { entries: 2, jobs: 1 });
      return Promise.resolve();
    } finally {
      db.close();
    }
  });
});

Deno.test("[kv file] a file that is not a Deno KV database is refused with one line", async () => {
  const dir = await Deno.makeTempDir({ prefix: "goalmates-kv-file-" });
  try {
    await Deno.writeTextFile(`${dir}/notes.txt`, "not a database at all, just some text\n".repeat(100));
    assert.throws(() => openKvFile(`${dir}/notes.txt`, { readOnly: true }), KvFileError);
    assert.throws(() => decodeKey(new Uint8Array([0x02, 0x61])), /ends too early/);
    assert.throws(() => decodeKey(new Uint8Array([0x99])), /Unknown key part tag/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
