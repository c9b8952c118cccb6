/** Opens the database: a file path, `:memory:`, or a KV Connect URL. */
export async function openKv(path: string): Promise<Deno.Kv> {
  if (path !== ":memory:" && !/^https?:\/\//.test(path)) {
    const dir = path.replace(/[^/]*$/, "");
    if (dir) await Deno.mkdir(dir, { recursive: true });
  }
  return await Deno.openKv(path);
}

/** Collects the values of a list selector (bounded by `limit`). */
export async function listValues<T>(
  kv: Deno.Kv,
  selector: Deno.KvListSelector,
  options: Deno.KvListOptions = {},
): Promise<T[]> {
  const values: T[] = [];
  for await (const entry of kv.list<T>(selector, options)) values.push(entry.value);
  return values;
}

/** Counts the keys under a prefix without reading more than `limit` of them. */
export async function countKeys(kv: Deno.Kv, prefix: Deno.KvKey, limit = 10_000): Promise<number> {
  let count = 0;
  for await (const _ of kv.list({ prefix }, { limit, batchSize: 500 })) count++;
  return count;
}

/** `kv.getMany` for any number of keys (Deno KV reads at most 10 at once); values in key order. */
export async function getManyValues<T>(kv: Deno.Kv, keyList: Deno.KvKey[]): Promise<(T | null)[]> {
  const values: (T | null)[] = [];
  for (let i = 0; i < keyList.length; i += 10) {
    const entries = await kv.getMany<T[]>(keyList.slice(i, i + 10));
    for (const entry of entries) values.push(entry.value);
  }
  return values;
}
