/**
 * Telling a team's admins about new claims, join requests and asks for a new invite link: one
 * mail per admin at most every 15 minutes (lib/claims/digest_rule.ts), linking to the claims page.
 * The mail also counts the parents' requests to remove a child that wait on the same page.
 *
 * Each admin has a record (lib/db/request_digests.ts). A new item and an admin's job each read
 * it, apply the rule and commit the record, the mail and the next job in one operation checked
 * against the record as read: two requests at the same moment, on any instances, produce one
 * mail and one job, and a crash loses neither (the job is in the database with the record).
 */
import { getTeam, type Team } from "../db/teams.ts";
import { type Claim, getClaims } from "../db/claims.ts";
import { getMembership, getUser, listTeamAdmins, type User } from "../db/users.ts";
import {
  type DigestItem,
  getRequestDigestEntry,
  reenqueueRequestDigestJob,
  type RequestDigestJob,
  stageRequestDigest,
  stageRequestDigestJob,
} from "../db/request_digests.ts";
import { countOpenRemovalRequests } from "../db/removal_requests.ts";
import { stageMail } from "../mail/mod.ts";
import { adminRequestsMail, recipientLanguage } from "../mail/templates.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";
import { DEFAULT_LANGUAGE, type Language } from "../i18n/languages.ts";
import { beginChange } from "../db/kv.ts";
import { CommitConflictError, commitOrConflict, retryOnConflict } from "../db/change.ts";
import { addToDigest, digestDue, type DigestStep } from "./digest_rule.ts";
import { errorText } from "../log.ts";

export { isRequestDigestJob } from "../db/request_digests.ts";
/** Without a queue (KV Connect): the admins' jobs due by `now`, read from their records for the poll. */
export { listDueRequestDigestJobs as dueRequestDigestJobs } from "../db/request_digests.ts";
export type { DigestItem, RequestDigestJob };

const ATTEMPTS = 10;

/** How a claim or join request reads in the admin's mail (in their language): the requester and the child as typed. */
export function describeRequest(claim: Claim, lang: Language = DEFAULT_LANGUAGE): string {
  const t = messagesFor(lang).mail.adminRequests;
  const child = claim.mode === "surname"
    ? format(lang, t.jerseyUnknown, { surname: claim.childSurname ?? "" })
    : `#${claim.jerseyNumber} ${claim.childSurname ?? claim.playerName ?? ""}`.trim();
  if (claim.kind !== "join") return format(lang, t.claim, { email: claim.email, child });
  const name = `${claim.requesterFirstName ?? ""} ${claim.requesterLastName ?? ""}`.trim();
  return format(lang, claim.userType === "player" ? t.joinAsPlayer : t.joinAsParent, {
    name,
    email: claim.email,
    child,
  });
}

const describeLinkAsk = (ask: Extract<DigestItem, { kind: "link" }>) => `${ask.name} (${ask.email})`;

/** The team's claims among `items`, by id. */
async function requestsOf(kv: Deno.Kv, teamId: string, items: DigestItem[]): Promise<Map<string, Claim>> {
  const ids = items.flatMap((item) => item.kind === "request" ? [item.id] : []);
  const claims = ids.length > 0 ? await getClaims(kv, teamId, ids) : [];
  return new Map(claims.filter((c): c is Claim => c !== null).map((c) => [c.id, c]));
}

/** An item still needs the admin: a request still pending (asks for a link always do). */
const openIn = (claims: Map<string, Claim>) => (item: DigestItem) =>
  item.kind === "link" || claims.get(item.id)?.status === "pending";

function stageDigestMail(
  op: Deno.AtomicOperation,
  admin: User,
  team: Team,
  mail: NonNullable<DigestStep["mail"]>,
  claims: Map<string, Claim>,
  removalRequests: number,
  appUrl: string,
  now: Date,
) {
  const lang = recipientLanguage(admin);
  const requests = mail.items.flatMap((item) =>
    item.kind === "request" ? [describeRequest(claims.get(item.id)!, lang)] : []
  );
  const linkAsks = mail.items.flatMap((item) => item.kind === "link" ? [describeLinkAsk(item)] : []);
  stageMail(op, {
    to: { name: `${admin.firstName} ${admin.lastName}`.trim() || undefined, address: admin.email },
    kind: "admin-requests",
    ...adminRequestsMail({
      firstName: admin.firstName || undefined,
      teamName: team.name,
      requests,
      linkAsks,
      more: mail.more,
      removalRequests,
      claimsLink: `${appUrl}/admin/${team.id}/claims`,
      dashboardLink: `${appUrl}/admin/${team.id}`,
    }, lang),
  }, now);
}

async function addForAdmin(kv: Deno.Kv, team: Team, admin: User, item: DigestItem, appUrl: string, now: Date) {
  await retryOnConflict(async () => {
    const entry = await getRequestDigestEntry(kv, team.id, admin.id);
    // The new request is read too: it was committed just before, and the mail lists it.
    const claims = await requestsOf(kv, team.id, [...entry.value?.items ?? [], item]);
    const step = addToDigest(entry.value, item, now.getTime(), openIn(claims));
    const op = stageRequestDigest(beginChange(kv), entry, step.next);
    if (step.mail) {
      const removals = await countOpenRemovalRequests(kv, team.id);
      stageDigestMail(op, admin, team, step.mail, claims, removals, appUrl, now);
    }
    if (step.scheduleAt !== null) {
      const job: RequestDigestJob = {
        type: "request-digest",
        teamId: team.id,
        userId: admin.id,
        dueAt: step.scheduleAt,
      };
      stageRequestDigestJob(op, job, step.scheduleAt - now.getTime());
    }
    await commitOrConflict(op);
  }, { attempts: ATTEMPTS });
}

/**
 * Tells every admin of the team about a new item (a claim or join request just stored, or an
 * ask for a new invite link). The requester's answer does not wait on it failing: what they sent
 * is stored and on the claims page either way, so a failure is logged, not thrown.
 */
export async function tellTeamAdmins(
  kv: Deno.Kv,
  team: Team,
  item: DigestItem,
  appUrl: string,
  now = new Date(),
): Promise<void> {
  try {
    const admins = await listTeamAdmins(kv, team.id);
    for (const membership of admins) {
      const admin = await getUser(kv, membership.userId);
      if (admin) await addForAdmin(kv, team, admin, item, appUrl, now);
    }
  } catch (error) {
    console.error(`[claims] telling the admins of team ${team.id} about a new ${item.kind} failed:`, errorText(error));
  }
}

export type DigestJobOutcome = "sent" | "nothing" | "stale" | "early" | "gone";

/**
 * Runs an admin's job when their window ends: one mail with what came in since, unless it all
 * was decided meanwhile. Throws on a conflict it cannot settle, so the queue retries it.
 */
export async function runRequestDigestJob(
  kv: Deno.Kv,
  job: RequestDigestJob,
  appUrl: string,
  now = new Date(),
): Promise<DigestJobOutcome> {
  return await retryOnConflict(async (): Promise<DigestJobOutcome> => {
    const entry = await getRequestDigestEntry(kv, job.teamId, job.userId);
    const claims = await requestsOf(kv, job.teamId, entry.value?.items ?? []);
    const step = digestDue(entry.value, job.dueAt, now.getTime(), openIn(claims));
    if (step === "stale") return "stale";
    if (step === "early") {
      // Queues deliver no earlier than asked, but another instance's clock may run behind.
      if (await reenqueueRequestDigestJob(kv, entry, job, job.dueAt - now.getTime())) return "early";
      throw new CommitConflictError();
    }
    const [team, admin, membership] = await Promise.all([
      getTeam(kv, job.teamId),
      getUser(kv, job.userId),
      getMembership(kv, job.userId, job.teamId),
    ]);
    if (!team || !admin || membership?.role !== "TEAM_ADMIN") {
      // The team went, or this person is no longer its admin: nothing to tell them.
      await commitOrConflict(stageRequestDigest(beginChange(kv), entry, null));
      return "gone";
    }
    const op = stageRequestDigest(beginChange(kv), entry, step.next);
    if (step.mail) {
      const removals = await countOpenRemovalRequests(kv, team.id);
      stageDigestMail(op, admin, team, step.mail, claims, removals, appUrl, now);
    }
    await commitOrConflict(op);
    return step.mail ? "sent" : "nothing";
  }, { attempts: ATTEMPTS });
}
