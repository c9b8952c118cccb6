import { monotonicFactory } from "ulid";
import { keys } from "./keys.ts";
import { listPage, listPageWhere, type Page, type PageOptions } from "./kv.ts";
import type { KvWrite } from "./commit_batches.ts";

/** One recorded decision or change: who did what to which record, and when. */
export interface AuditEntry {
  id: string;
  /** Null for system-wide actions (global campaigns). */
  teamId: string | null;
  /** e.g. "claim.approved", "settings.updated", "team.deleted". */
  action: string;
  targetId: string;
  /** Who acted: an account e-mail, "team:<username>" or "sysadmin:<email>". */
  actor: string;
  detail: string;
  /**
   * Account ids the entry is about beyond its target and the addresses in it (a deleted post's
   * author, named in `detail`): indexed like them, so erasing the account finds the entry.
   */
  subjects?: string[];
  createdAt: string;
}

/** The most subjects one entry is indexed under (a target, a few addresses, a few accounts). */
const MAX_SUBJECTS = 8;
const ADDRESS = /[^\s<>()[\],;:"']+@[^\s<>()[\],;:"']+/g;

/**
 * Who an entry is about, each one an index key beside it: its target (in a team's entry), the accounts in
 * `subjects`, and every e-mail address in its actor and detail (lowercased). A person's export
 * and the erasure of their account read these instead of the whole log.
 */
export function auditSubjectsOf(entry: AuditEntry): string[] {
  const addresses = `${entry.actor} ${entry.detail}`.match(ADDRESS) ?? [];
  // A team-less entry's target is a team or a campaign, never a person (and outlives the team it names).
  const target = entry.teamId ? [entry.targetId] : [];
  const all = [...target, ...(entry.subjects ?? []), ...addresses.map((a) => a.toLowerCase())];
  return [...new Set(all.filter((subject) => subject !== ""))].slice(0, MAX_SUBJECTS);
}

/** The index keys an entry is written with (derived from its value, so any holder of it can remove them). */
export const auditIndexKeys = (entry: AuditEntry): Deno.KvKey[] =>
  auditSubjectsOf(entry).map((subject) => keys.auditBySubject(subject, entry.id));

const nextAuditId = monotonicFactory();

/**
 * Adds an audit entry to `op`, so it commits with the change it records. A team's entry is
 * written under the team and copied to the global log; deleting the team removes both (the
 * copy is found through its team-keyed twin, lib/db/team_deletions.ts), so `detail` may name
 * the team's children and parents. An entry without a team outlives every team: it holds ids
 * and counts, never a name or an e-mail of a team's people.
 */
export function stageAuditEntry(
  op: Deno.AtomicOperation,
  entry: Omit<AuditEntry, "id" | "createdAt">,
  now = new Date(),
): AuditEntry {
  const full: AuditEntry = { ...entry, id: nextAuditId(now.getTime()), createdAt: now.toISOString() };
  op.set(keys.auditEntry(full.id), full);
  if (full.teamId) op.set(keys.teamAuditEntry(full.teamId, full.id), full);
  for (const key of auditIndexKeys(full)) op.set(key, full.teamId);
  return full;
}

/** A page of the audit log (one team's, or everything), newest first. */
export async function listAudit(
  kv: Deno.Kv,
  options: Omit<PageOptions, "reverse"> & { teamId?: string } = {},
): Promise<Page<AuditEntry>> {
  const { teamId, ...paging } = options;
  const prefix = teamId ? keys.teamAudit(teamId) : keys.audit();
  return await listPage<AuditEntry>(kv, { prefix }, { ...paging, reverse: true });
}

/** The most entries one filtered page reads before it answers (with a cursor to read on from there). */
export const AUDIT_SCAN_LIMIT = 2_000;

/**
 * A page of the audit log (one team's, or everything) holding only entries with `action`, newest
 * first. It reads on past other entries, but at most `scanLimit` of them: a page may then hold
 * fewer than `limit` entries and still carry a cursor, so a rare action never makes one request
 * read the whole log. The cursor continues after the last entry read.
 */
export async function listAuditWithAction(
  kv: Deno.Kv,
  options: Omit<PageOptions, "reverse"> & { teamId?: string; action: string; scanLimit?: number },
): Promise<Page<AuditEntry>> {
  const { teamId, action, scanLimit = AUDIT_SCAN_LIMIT, ...paging } = options;
  const prefix = teamId ? keys.teamAudit(teamId) : keys.audit();
  return await listPageWhere<AuditEntry>(kv, { prefix }, (entry) => entry.action === action, {
    ...paging,
    reverse: true,
    scanLimit,
  });
}

/**
 * A page of the global audit log with versionstamps, oldest first (ids are ULIDs of their time),
 * for the retention sweep, which stops at the first entry young enough to keep.
 */
export async function listOldestAuditEntries(
  kv: Deno.Kv,
  options: { cursor?: string; limit: number },
): Promise<Page<Deno.KvEntry<AuditEntry>>> {
  const iter = kv.list<AuditEntry>({ prefix: keys.audit() }, {
    limit: options.limit,
    cursor: options.cursor || undefined,
  });
  const values: Deno.KvEntry<AuditEntry>[] = [];
  for await (const entry of iter) values.push(entry);
  return { values, cursor: values.length === options.limit ? iter.cursor : "" };
}

/** Adds to `op` the removal of an entry (checked unchanged since read) and of its copy under its team. */
export function stageAuditRemoval(op: Deno.AtomicOperation, entry: Deno.KvEntry<AuditEntry>): Deno.AtomicOperation {
  op.check(entry).delete(entry.key);
  if (entry.value.teamId) op.delete(keys.teamAuditEntry(entry.value.teamId, entry.value.id));
  for (const key of auditIndexKeys(entry.value)) op.delete(key);
  return op;
}

/** The most index entries one subject is read through (a person's whole history is far below it). */
export const AUDIT_SUBJECT_LIMIT = 5_000;

/**
 * The entries about any of `subjects` (each read through its index, at most `limit` apiece),
 * with their versionstamps, once each; `complete` is false when a subject had more.
 */
export async function listAuditEntriesAbout(
  kv: Deno.Kv,
  subjects: string[],
  limit = AUDIT_SUBJECT_LIMIT,
): Promise<{ values: Deno.KvEntry<AuditEntry>[]; complete: boolean }> {
  const ids = new Set<string>();
  let complete = true;
  for (const subject of new Set(subjects)) {
    let read = 0;
    for await (const entry of kv.list({ prefix: keys.auditOfSubject(subject) }, { limit: limit + 1 })) {
      if (read++ === limit) {
        complete = false;
        break;
      }
      ids.add(String(entry.key[2]));
    }
  }
  const values: Deno.KvEntry<AuditEntry>[] = [];
  const idList = [...ids];
  for (let i = 0; i < idList.length; i += 10) {
    const found = await kv.getMany<AuditEntry[]>(idList.slice(i, i + 10).map((id) => keys.auditEntry(id)));
    for (const entry of found) if (entry.value) values.push(entry as Deno.KvEntry<AuditEntry>);
  }
  return { values, complete };
}

/**
 * Writes the index keys of every entry of the log (entries from before the index). Safe to run
 * again; returns how many entries it indexed.
 */
export async function indexAuditBySubject(kv: Deno.Kv): Promise<number> {
  let indexed = 0;
  for await (const entry of kv.list<AuditEntry>({ prefix: keys.audit() }, { batchSize: 500 })) {
    const op = kv.atomic().check(entry);
    for (const key of auditIndexKeys(entry.value)) op.set(key, entry.value.teamId);
    if ((await op.commit()).ok) indexed++;
  }
  return indexed;
}

/**
 * The writes that replace an entry with `rewritten` (an erased account's anonymous id in place of
 * their name and address): both copies, and its index entries moved to what it is about now.
 */
export function auditRewriteWrites(entry: Deno.KvEntry<AuditEntry>, rewritten: AuditEntry): KvWrite[] {
  const writes: KvWrite[] = [{ type: "set", key: entry.key, value: rewritten }];
  if (entry.value.teamId) {
    writes.push({ type: "set", key: keys.teamAuditEntry(entry.value.teamId, entry.value.id), value: rewritten });
  }
  const kept = auditIndexKeys(rewritten);
  const keptText = new Set(kept.map((key) => JSON.stringify(key)));
  for (const key of auditIndexKeys(entry.value)) {
    if (!keptText.has(JSON.stringify(key))) writes.push({ type: "delete", key });
  }
  for (const key of kept) writes.push({ type: "set", key, value: rewritten.teamId });
  return writes;
}
