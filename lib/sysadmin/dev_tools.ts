/**
 * The console's Dev Tools (development mode only; the routes answer 404 otherwise): who a
 * one-click sign-in signs in as, the calendar sync on demand, and the audit entries of both
 * (global entries: ids and counts, never a name or an e-mail of a team's people).
 */
import { stageAuditEntry } from "../db/audit.ts";
import { beginChange } from "../db/kv.ts";
import { commitChange } from "../db/change.ts";
import { getTeamBySlug } from "../db/teams.ts";
import { getMembership, getUserByEmail } from "../db/users.ts";
import { NotFoundError } from "../errors.ts";
import { type SyncDeps, syncDueCalendars } from "../calendar/mod.ts";

/** The demo team the seeded accounts belong to (lib/demo). */
export const DEMO_TEAM_SLUG = "demo";

export const DEV_TOOLS_MESSAGES = { noAccount: "No such account" } as const;

/** Where a one-click sign-in lands: a team admin in the team's admin area, anyone else on the family dashboard. */
export interface DevSignIn {
  userId: string;
  teamId: string | null;
  redirectTo: string;
}

/**
 * Finds the account a one-click sign-in is for (the demo team selected when they belong to it)
 * and records that the system administrator `actor` signed in as it. The caller starts the
 * session (routes/auth_middleware.ts `signInPerson`), as `POST /api/dev/auto-login` does.
 */
export async function devSignIn(kv: Deno.Kv, email: string, actor: string, now: Date): Promise<DevSignIn> {
  const user = email.trim() ? await getUserByEmail(kv, email.trim().toLowerCase()) : null;
  if (!user) throw new NotFoundError(DEV_TOOLS_MESSAGES.noAccount);
  const team = await getTeamBySlug(kv, DEMO_TEAM_SLUG);
  const membership = team ? await getMembership(kv, user.id, team.id) : null;
  const teamId = membership ? team!.id : null;
  const redirectTo = !teamId
    ? "/home"
    : membership!.role === "TEAM_ADMIN"
    ? `/admin/${teamId}`
    : `/family-dashboard/${teamId}`;
  await recordSysadminAction(kv, {
    action: "dev.signed-in-as",
    targetId: user.id,
    actor,
    detail: membership ? membership.role : "no demo team role",
  }, now);
  return { userId: user.id, teamId, redirectTo };
}

/** Syncs every calendar that is due now (Dev Tools' 'Sync all calendars now'), and records it. */
export async function devSyncCalendars(
  kv: Deno.Kv,
  deps: SyncDeps,
  actor: string,
): Promise<{ synced: number; failed: number; skipped: number }> {
  const counts = await syncDueCalendars(kv, deps);
  await recordSysadminAction(kv, {
    action: "calendars.synced",
    targetId: "all",
    actor,
    detail: `${counts.synced} synced, ${counts.failed} failed, ${counts.skipped} skipped`,
  }, deps.now());
  return counts;
}

/** A system administrator's action that belongs to no team, in the global audit log. */
async function recordSysadminAction(
  kv: Deno.Kv,
  entry: { action: string; targetId: string; actor: string; detail: string },
  now: Date,
): Promise<void> {
  const op = beginChange(kv);
  stageAuditEntry(op, { teamId: null, ...entry }, now);
  await commitChange(op);
}
