import assert from "node:assert/strict";
import { LruMap } from "../../lib/lru.ts";

Deno.test("[lru] keeps at most maxEntries, dropping the least recently used", () => {
  const evicted: string[] = [];
  const lru = new LruMap<string, number>({ maxEntries: 3, onEvict: (key) => evicted.push(key) });
  for (const [key, value] of [["a", 1], ["b", 2], ["c", 3]] as const) lru.set(key, value);
  assert.equal(lru.get("a"), 1, "reading a makes it recent");
  lru.set("d", 4);
  assert.deepEqual(evicted, ["b"]);
  assert.deepEqual([...lru.keys()], ["c", "a", "d"]);
  assert.equal(lru.peek("c"), 3);
  lru.set("e", 5);
  assert.deepEqual(evicted, ["b", "c"], "peek does not make an entry recent");
  for (let i = 0; i < 10_000; i++) lru.set(`k${i}`, i);
  assert.equal(lru.size, 3);
});

Deno.test("[lru] keeps its values under maxBytes and refuses one value larger than all of it", () => {
  const lru = new LruMap<string, string>({ maxEntries: 100, maxBytes: 10, sizeOf: (v) => v.length });
  lru.set("a", "aaaa");
  lru.set("b", "bbbb");
  assert.equal(lru.bytes, 8);
  lru.set("c", "cccc");
  assert.equal(lru.has("a"), false);
  assert.equal(lru.bytes, 8);
  assert.equal(lru.set("huge", "x".repeat(11)), false);
  assert.equal(lru.has("huge"), false);
  assert.equal(lru.bytes, 8);
  lru.set("b", "bb");
  assert.equal(lru.bytes, 6, "setting again re-measures");
  lru.delete("b");
  lru.clear();
  assert.equal(lru.size, 0);
  assert.equal(lru.bytes, 0);
  assert.throws(() => new LruMap({ maxEntries: 0 }), RangeError);
});

Deno.test("[lru] reading the most recent entry again keeps the order; a deleted or replaced newest key is no shortcut", () => {
  const evicted: string[] = [];
  const lru = new LruMap<string, number>({ maxEntries: 3, onEvict: (key) => evicted.push(key) });
  lru.set("a", 1);
  lru.set("b", 2);
  lru.set("c", 3);
  for (let i = 0; i < 3; i++) assert.equal(lru.get("c"), 3);
  assert.deepEqual([...lru.keys()], ["a", "b", "c"]);
  assert.equal(lru.get("a"), 1);
  assert.equal(lru.get("a"), 1);
  assert.deepEqual([...lru.keys()], ["b", "c", "a"]);
  lru.delete("a");
  assert.equal(lru.get("a"), undefined, "the newest key, deleted, is gone");
  lru.set("d", 4);
  assert.equal(lru.get("b"), 2);
  assert.deepEqual([...lru.keys()], ["c", "d", "b"]);
  lru.set("a", 5); // full: the least recently used (c) goes
  assert.deepEqual(evicted, ["a", "c"]);
  assert.equal(lru.get("d"), 4, "after a set, reading another key moves it");
  assert.deepEqual([...lru.keys()], ["b", "a", "d"]);
  lru.clear();
  lru.set("d", 6);
  assert.equal(lru.get("d"), 6);
  assert.deepEqual([...lru.keys()], ["d"]);
});
