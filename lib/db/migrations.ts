/**
 * One-time data migrations: the runner main.ts starts with, and the record of which have run
 * (a key per migration, written once it ran to the end). The list itself is lib/migrations.ts.
 */
import { keys } from "./keys.ts";

export interface DataMigration {
  /** Its record's name in KV: a shipped migration keeps its id, or every database runs it again. */
  readonly id: string;
  /**
   * Brings the data up to date; returns how many records it changed. It must be safe to run
   * twice: two instances starting at once may both run it, and a crash midway runs it again.
   */
  run(kv: Deno.Kv, now: Date): Promise<number>;
  /** The start's log line when it changed something. */
  describe?(changed: number): string;
}

/** A migration threw: it is not recorded, the ones after it did not run, and the start stops. */
export class MigrationError extends Error {
  override name = "MigrationError";
}

export async function isMigrationRecorded(kv: Deno.Kv, id: string): Promise<boolean> {
  return (await kv.get(keys.migration(id))).versionstamp !== null;
}

/**
 * Runs, in order, each migration not recorded yet, and records it once it succeeded. Returns
 * how many records each migration that ran changed. The record is written only if no instance
 * wrote it meanwhile (an instance starting at the same time ran the same idempotent migration).
 */
export async function runMigrations(
  kv: Deno.Kv,
  migrations: readonly DataMigration[],
  options: { now?: Date; log?: (line: string) => void } = {},
): Promise<Map<string, number>> {
  const now = options.now ?? new Date();
  const ran = new Map<string, number>();
  for (const migration of migrations) {
    if (await isMigrationRecorded(kv, migration.id)) continue;
    let changed: number;
    try {
      changed = await migration.run(kv, now);
    } catch (error) {
      throw new MigrationError(
        `The data migration "${migration.id}" failed (${error instanceof Error ? error.message : String(error)}); ` +
          "it is not recorded, so the next start runs it again.",
        { cause: error },
      );
    }
    const key = keys.migration(migration.id);
    await kv.atomic().check({ key, versionstamp: null }).set(key, now.toISOString()).commit();
    ran.set(migration.id, changed);
    if (changed > 0 && migration.describe) options.log?.(migration.describe(changed));
  }
  return ran;
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

/**
 * Removes the author's name that earlier versions copied into every post (`authorName`),
 * essential (`userName`) and gallery photo (`uploaderName`). Names are now read from the
 * accounts when shown; a copy went stale at a rename, and for a parent who joined without a
 * name it was their e-mail address, shown to the whole team. Running it again is safe. Returns
 * how many records changed.
 */
export async function removeAuthorNameCopies(kv: Deno.Kv): Promise<number> {
  return await removeStoredField(kv, keys.allPosts(), "authorName") +
    await removeStoredField(kv, keys.allEssentials(), "userName") +
    await removeStoredField(kv, keys.allGalleryPhotos(), "uploaderName");
}
