/**
 * Splitting a large write into as few atomic commits as Deno KV allows. A commit may hold at
 * most 1000 mutations, 80 KiB of keys and 800 KiB of keys plus values; the budget below keeps
 * headroom for the revision key and audit entry a commit adds, and for estimation error.
 */

export const COMMIT_BUDGET = { mutations: 900, keyBytes: 60_000, totalBytes: 600_000 } as const;

/** One mutation to add to a commit. */
export type KvWrite = { type: "set"; key: Deno.KvKey; value: unknown } | { type: "delete"; key: Deno.KvKey };

const encoder = new TextEncoder();

/** An upper estimate of a key's encoded size (each part is tagged and terminated). */
export function keyBytes(key: Deno.KvKey): number {
  let size = 0;
  for (const part of key) {
    size += 2 + (typeof part === "string" ? encoder.encode(part).length : part instanceof Uint8Array ? part.length : 9);
  }
  return size;
}

/** An upper estimate of a value's serialized size (strings may be stored two bytes a character). */
function valueBytes(value: unknown): number {
  return 2 * (JSON.stringify(value) ?? "").length + 16;
}

function costOf(writes: KvWrite[]) {
  let keys = 0;
  let values = 0;
  for (const w of writes) {
    keys += keyBytes(w.key);
    if (w.type === "set") values += valueBytes(w.value);
  }
  return { mutations: writes.length, keyBytes: keys, totalBytes: keys + values };
}

/**
 * Packs groups of writes into batches that each fit one commit; a group (say a player and
 * its parent e-mails) is never split across two commits.
 */
export function packWrites(groups: KvWrite[][]): KvWrite[][] {
  const batches: KvWrite[][] = [];
  let current: KvWrite[] = [];
  let used = { mutations: 0, keyBytes: 0, totalBytes: 0 };
  for (const group of groups) {
    const cost = costOf(group);
    const fits = used.mutations + cost.mutations <= COMMIT_BUDGET.mutations &&
      used.keyBytes + cost.keyBytes <= COMMIT_BUDGET.keyBytes &&
      used.totalBytes + cost.totalBytes <= COMMIT_BUDGET.totalBytes;
    if (!fits && current.length > 0) {
      batches.push(current);
      current = [];
      used = { mutations: 0, keyBytes: 0, totalBytes: 0 };
    }
    current.push(...group);
    used = {
      mutations: used.mutations + cost.mutations,
      keyBytes: used.keyBytes + cost.keyBytes,
      totalBytes: used.totalBytes + cost.totalBytes,
    };
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** Adds writes to an atomic operation. */
export function applyWrites(op: Deno.AtomicOperation, writes: KvWrite[]): Deno.AtomicOperation {
  for (const w of writes) {
    if (w.type === "set") op.set(w.key, w.value);
    else op.delete(w.key);
  }
  return op;
}

/** Deletes keys in as few unchecked commits as the limits allow. */
export async function deleteKeys(kv: Deno.Kv, keys: Deno.KvKey[]): Promise<void> {
  for (const batch of packWrites(keys.map((key) => [{ type: "delete", key }]))) {
    const result = await applyWrites(kv.atomic(), batch).commit();
    if (!result.ok) throw new Error("An unchecked delete commit failed.");
  }
}
