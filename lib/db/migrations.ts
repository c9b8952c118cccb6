/** One-time data migrations: a marker per migration, written once it has run to the end. */
import { keys } from "./keys.ts";

export async function hasRun(kv: Deno.Kv, name: string): Promise<boolean> {
  return (await kv.get(keys.migration(name))).versionstamp !== null;
}

export async function markRun(kv: Deno.Kv, name: string, now = new Date()): Promise<void> {
  await kv.set(keys.migration(name), now.toISOString());
}

type StoredRecord = Record<string, unknown>;

/** Records rewritten per commit: far below KV's 800 KiB a commit for the largest essential. */
const REWRITE_BATCH = 50;

/**
 * Rewrites `entries` without `field`: in one commit, else one by one, each only if unchanged
 * since read (a record deleted meanwhile stays deleted). Returns how many were rewritten.
 */
async function commitWithout(kv: Deno.Kv, entries: Deno.KvEntry<StoredRecord>[], field: string): Promise<number> {
  if (entries.length === 0) return 0;
  const without = ({ value }: Deno.KvEntry<StoredRecord>) => {
    const { [field]: _dropped, ...rest } = value;
    return rest;
  };
  const op = kv.atomic();
  for (const entry of entries) op.check(entry).set(entry.key, without(entry));
  if ((await op.commit()).ok) return entries.length;
  let rewritten = 0;
  for (const entry of entries) {
    if ((await kv.atomic().check(entry).set(entry.key, without(entry)).commit()).ok) rewritten++;
  }
  return rewritten;
}

/** Removes `field` from every record under `prefix` that has it; returns how many records changed. */
async function removeStoredField(kv: Deno.Kv, prefix: Deno.KvKey, field: string): Promise<number> {
  let changed = 0;
  let batch: Deno.KvEntry<StoredRecord>[] = [];
  for await (const entry of kv.list<StoredRecord>({ prefix }, { batchSize: 500 })) {
    if (typeof entry.value !== "object" || entry.value === null || !(field in entry.value)) continue;
    batch.push(entry);
    if (batch.length < REWRITE_BATCH) continue;
    changed += await commitWithout(kv, batch, field);
    batch = [];
  }
  return changed + await commitWithout(kv, batch, field);
}

const AUTHOR_NAME_COPIES_MIGRATION = "author-name-copies-removed";

/**
 * Removes the author's name that earlier versions copied into every post (`authorName`),
 * essential (`userName`) and gallery photo (`uploaderName`), once per database. Names are now
 * read from the accounts when shown; a copy went stale at a rename, and for a parent who joined
 * without a name it was their e-mail address, shown to the whole team. A crash midway runs it
 * again at the next start, which is safe. Returns how many records changed.
 */
export async function removeAuthorNameCopiesOnce(kv: Deno.Kv, now = new Date()): Promise<number> {
  if (await hasRun(kv, AUTHOR_NAME_COPIES_MIGRATION)) return 0;
  const changed = await removeStoredField(kv, keys.allPosts(), "authorName") +
    await removeStoredField(kv, keys.allEssentials(), "userName") +
    await removeStoredField(kv, keys.allGalleryPhotos(), "uploaderName");
  await markRun(kv, AUTHOR_NAME_COPIES_MIGRATION, now);
  return changed;
}
