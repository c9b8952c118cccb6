import { monotonicFactory } from "ulid";
import { keys } from "./keys.ts";
import { listPage, listPageWhere, type Page, type PageOptions } from "./kv.ts";

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
  createdAt: string;
}

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
