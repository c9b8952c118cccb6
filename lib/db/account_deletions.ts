/**
 * Erasing a person's account (issue 22): the marker that survives a crash mid-way, the first
 * commit that ends the account, and the sweep of everything else kept about them.
 *
 * The first commit deletes the account, its e-mail index and its memberships (both keys) and
 * writes the marker; the sweep then deletes the rest in as few commits as KV allows
 * (`packWrites`), each moving the revision of the person's teams so no cached page keeps them.
 * The marker goes last, in the commit that queues the confirmation mail (lib/accounts/deletion.ts),
 * so a sweep cut short is run again by `listUnfinishedAccountDeletions`; every step is safe to repeat.
 *
 * Kept: a poll vote (re-keyed to an anonymous id, without the time it was cast) so tallies keep
 * their counts, and audit entries, whose actor, target and detail get the anonymous id instead of
 * the person's e-mail, name and account id.
 */
import { keys } from "./keys.ts";
import { applyWrites, type KvWrite, packWrites } from "./commit_batches.ts";
import { commitTeamChange } from "./team_revisions.ts";
import type { Membership, User } from "./users.ts";
import { type AuditEntry, auditRewriteWrites, listAuditEntriesAbout } from "./audit.ts";
import type { CampaignResponse } from "./campaigns.ts";
import { type Claim, claimByEmailKey } from "./claims.ts";
import { type FormerMembership, formerMembershipKeys } from "./former_memberships.ts";
import type { PhotoRecord } from "./gallery.ts";
import type { RemovalRequest } from "./removal_requests.ts";
import type { PendingUpload } from "./uploads.ts";
import type { UserCalendarFeed } from "./calendar_feeds.ts";
import type { PendingEmailChange } from "./email_changes.ts";
import { blobRemovalKeys } from "./blobs.ts";
import { stageFamilyMemberRemoval } from "./families.ts";
import { CommitConflictError, retryOnConflict } from "./change.ts";
import type { Language } from "../i18n/languages.ts";

/** An account whose erasure has started; what the sweep needs to find the rest. */
export interface AccountDeletion {
  userId: string;
  /** Normalised: queued mail, claims, invites and the audit log are found by it. */
  email: string;
  firstName: string;
  lastName: string;
  /** What audit entries and kept votes hold instead of the person (never their account id). */
  anonymousId: string;
  /** Other addresses mail to them may have gone to: a pending e-mail change's new address. */
  otherAddresses: string[];
  /**
   * The teams the person belonged to, and those they had left (where their posts and photos
   * stayed): whose records are searched, and whose pages are refreshed.
   */
  teamIds: string[];
  startedAt: string;
  /** The language of the confirmation mail (the account's, else the request's); absent: English. */
  language?: Language;
}

/** The new address of the person's pending e-mail change, if any (mail to it is theirs too). */
export async function pendingNewEmailOf(kv: Deno.Kv, userId: string): Promise<string | null> {
  return (await kv.get<PendingEmailChange>(keys.pendingEmailChange(userId))).value?.newEmail ?? null;
}

export async function getAccountIndexEntry(kv: Deno.Kv, email: string): Promise<Deno.KvEntryMaybe<string>> {
  return await kv.get<string>(keys.userByEmail(email));
}

/**
 * Adds to `op` the end of an account (checked unchanged since read, like its e-mail index and
 * the other admins' memberships a refusal counted on), its memberships and the marker.
 */
export function stageAccountDeletion(
  op: Deno.AtomicOperation,
  user: Deno.KvEntry<User>,
  emailIndex: Deno.KvEntryMaybe<string>,
  memberships: Membership[],
  otherAdmins: Deno.KvEntryMaybe<Membership>[],
  marker: AccountDeletion,
): Deno.AtomicOperation {
  op.check(user).check(emailIndex).delete(user.key).set(keys.accountDeletion(marker.userId), marker);
  if (emailIndex.value === user.value.id) op.delete(emailIndex.key);
  for (const admin of otherAdmins) op.check(admin);
  for (const m of memberships) {
    op.delete(keys.membership(m.userId, m.teamId)).delete(keys.teamMember(m.teamId, m.userId));
  }
  return op;
}

export async function getAccountDeletionEntry(
  kv: Deno.Kv,
  userId: string,
): Promise<Deno.KvEntryMaybe<AccountDeletion>> {
  return await kv.get<AccountDeletion>(keys.accountDeletion(userId));
}

/** Adds to `op` the removal of the marker, checked unchanged (one finisher queues the last mail). */
export function stageAccountDeletionEnd(
  op: Deno.AtomicOperation,
  marker: Deno.KvEntry<AccountDeletion>,
): Deno.AtomicOperation {
  return op.check(marker).delete(marker.key);
}

/** Erasures that started and may not have finished (a crash). */
export async function listUnfinishedAccountDeletions(kv: Deno.Kv): Promise<Deno.KvEntry<AccountDeletion>[]> {
  const found: Deno.KvEntry<AccountDeletion>[] = [];
  for await (const entry of kv.list<AccountDeletion>({ prefix: keys.accountDeletions() })) found.push(entry);
  return found;
}

const del = (key: Deno.KvKey): KvWrite => ({ type: "delete", key });

/** Whether a stored value names the person (by account id or address). */
function mentions(value: unknown, d: AccountDeletion): boolean {
  const text = JSON.stringify(value) ?? "";
  return text.includes(d.userId) || text.toLowerCase().includes(d.email);
}

async function* entries<T>(kv: Deno.Kv, prefix: Deno.KvKey) {
  yield* kv.list<T>({ prefix }, { batchSize: 500 });
}

/** Their sessions, unspent links and mail on its way to them (none of it is keyed by team). */
async function personalWrites(kv: Deno.Kv, d: AccountDeletion): Promise<KvWrite[][]> {
  const groups: KvWrite[][] = [];
  for await (const e of entries(kv, keys.userSessions(d.userId))) {
    groups.push([del(keys.session(String(e.key[2]))), del(e.key)]);
  }
  // Sign-in, signup and edit links and a sign-in link's renewal record hold the account id or the
  // address in their payload; they live minutes to days, so these sets stay small.
  for (const prefix of [keys.allLoginTokens(), keys.allSignupTokens(), keys.allLoginLinkRenewals()]) {
    for await (const e of entries(kv, prefix)) if (mentions(e.value, d)) groups.push([del(e.key)]);
  }
  for await (const e of entries<{ payload?: { teamId?: string } }>(kv, keys.allEditTokens())) {
    if (!mentions(e.value, d)) continue;
    const teamId = e.value.payload?.teamId;
    groups.push([del(e.key), ...(teamId ? [del(keys.teamEditToken(teamId, String(e.key[1])))] : [])]);
  }
  groups.push([del(keys.pendingSignup(d.email))]);
  for await (const e of entries<FormerMembership>(kv, keys.userFormerMemberships(d.userId))) {
    groups.push(formerMembershipKeys(d.userId, e.value.teamId).map(del));
  }
  const emailChange = await kv.get<PendingEmailChange>(keys.pendingEmailChange(d.userId));
  if (emailChange.value) {
    groups.push([
      del(emailChange.key),
      ...(emailChange.value.tokenHash ? [del(keys.emailChangeToken(emailChange.value.tokenHash))] : []),
    ]);
  }
  const feed = await kv.get<UserCalendarFeed>(keys.userCalendarFeed(d.userId));
  if (feed.value) groups.push([del(feed.key), del(keys.calendarFeedToken(feed.value.tokenHash))]);
  groups.push([del(keys.notificationPreferences(d.userId))]);
  for await (const e of entries(kv, keys.userWeeklyDigests(d.userId))) groups.push([del(e.key)]);
  groups.push([del(keys.newsBatch(d.userId))]);
  // Mail to them: queued, set aside, and the development outbox (the last mail is queued after this).
  for (const prefix of [keys.pendingMails(), keys.failedMails(), keys.outbox()]) {
    for await (const e of entries<{ to?: { address?: string }; mail?: { to?: { address?: string } } }>(kv, prefix)) {
      const address = (e.value.mail?.to ?? e.value.to)?.address ?? "";
      const to = address.trim().toLowerCase();
      if (to === d.email || d.otherAddresses.includes(to)) groups.push([del(e.key)]);
    }
  }
  // Counters keyed by their address or account (sign-in, claims, posts): they would name them.
  for await (const e of entries(kv, keys.allRateLimits())) {
    const subject = String(e.key[2]);
    if (subject.toLowerCase().includes(d.email) || subject.includes(d.userId)) groups.push([del(e.key)]);
  }
  return groups;
}

/** Their claims and join requests of every status, in any team, through the index by address. */
async function claimWrites(kv: Deno.Kv, d: AccountDeletion): Promise<KvWrite[][]> {
  const groups: KvWrite[][] = [];
  const teams = new Set<string>();
  for await (const e of entries<string>(kv, keys.claimsOfEmail(d.email))) {
    const teamId = String(e.key[2]);
    teams.add(teamId);
    const claim = (await kv.get<Claim>(keys.claim(teamId, String(e.key[3])))).value;
    if (!claim || claim.email !== d.email) {
      groups.push([del(e.key)]);
      continue;
    }
    groups.push([
      del(keys.claim(teamId, claim.id)),
      del(keys.claimByStatus(teamId, claim.status, claim.id)),
      del(keys.pendingClaimBySubject(teamId, claim.subject, claim.email)),
      del(keys.pendingClaimByEmail(claim.email, teamId, claim.subject)),
      del(claimByEmailKey(claim)),
    ]);
  }
  for (const teamId of teams) {
    // The per-address pending-count marker beside the guards.
    for await (const e of entries(kv, keys.teamPendingClaimGuards(teamId))) {
      if (e.key[3] === d.email) groups.push([del(e.key)]);
    }
  }
  // An address an admin listed for a player (CSV import), with its team-keyed twin.
  for await (const e of entries(kv, keys.parentEmailInvites(d.email))) {
    const [, , teamId, playerId] = e.key as string[];
    groups.push([del(e.key), del(keys.playerParentEmail(teamId, playerId, d.email))]);
  }
  return groups;
}

/** What they made and what links them in each of their teams. */
async function teamWrites(kv: Deno.Kv, d: AccountDeletion, teamId: string): Promise<KvWrite[][]> {
  const groups: KvWrite[][] = [];
  for await (const e of entries(kv, keys.teamGuardians(teamId))) if (e.key[3] === d.userId) groups.push([del(e.key)]);
  for await (const e of entries<{ authorId: string | null }>(kv, keys.teamPosts(teamId))) {
    if (e.value.authorId === d.userId) groups.push([del(e.key)]);
  }
  for await (const e of entries<{ userId: string | null }>(kv, keys.teamEssentials(teamId))) {
    if (e.value.userId === d.userId) groups.push([del(e.key)]);
  }
  for await (const e of entries<PhotoRecord>(kv, keys.teamGalleryPhotos(teamId))) {
    if (e.value.uploaderId !== d.userId) continue;
    const blobIds = [e.value.objectPath, e.value.mediumPath, e.value.thumbnailPath]
      .map((path) => /^\/objects\/([^/]+)\/([^/]+)$/.exec(path))
      .filter((m) => m !== null && m[1] === teamId)
      .map((m) => m![2]);
    groups.push([del(e.key), ...(await blobRemovalKeys(kv, teamId, blobIds)).map(del)]);
  }
  // Uploads under way: a gallery photo's bytes go; a processed headshot's blobs are the child's photo now.
  for await (const e of entries<PendingUpload>(kv, keys.teamPendingUploads(teamId))) {
    if (e.value.uploaderId !== d.userId) continue;
    const keepBlobs = e.value.purpose === "headshot" && e.value.state === "processed";
    const blobs = keepBlobs ? [] : await blobRemovalKeys(kv, teamId, e.value.blobIds, e.value.dataIds);
    groups.push([del(e.key), ...blobs.map(del)]);
  }
  for await (const e of entries<{ uploaderId: string | null }>(kv, keys.teamUploadTickets(teamId))) {
    if (e.value.uploaderId === d.userId) groups.push([del(e.key)]);
  }
  for await (const e of entries(kv, keys.teamUploadSlots(teamId))) {
    if (String(e.key[2]).includes(d.userId)) groups.push([del(e.key)]);
  }
  for await (const e of entries<{ userId: string }>(kv, keys.teamHeadshotConsents(teamId))) {
    if (e.value.userId === d.userId) groups.push([del(e.key)]);
  }
  // A child's removal request they made still stands (the child's other parent or the admin may act
  // on it); it keeps the anonymous id instead of their account's.
  for await (const e of entries<RemovalRequest>(kv, keys.teamRemovalRequests(teamId))) {
    if (e.value.requestedBy === d.userId) {
      groups.push([{ type: "set", key: e.key, value: { ...e.value, requestedBy: d.anonymousId } }]);
    }
  }
  groups.push([del(keys.requestDigest(teamId, d.userId))]);
  return groups;
}

/** Their answers to the campaigns of their teams and the global ones; a poll vote stays, anonymous. */
async function campaignWrites(kv: Deno.Kv, d: AccountDeletion): Promise<KvWrite[][]> {
  const campaignIds: string[] = [];
  for (const teamId of d.teamIds) {
    for await (const e of entries(kv, keys.teamCampaigns(teamId))) campaignIds.push(String(e.key[2]));
  }
  for await (const e of entries(kv, keys.globalCampaigns())) campaignIds.push(String(e.key[1]));
  const groups: KvWrite[][] = [];
  for (const campaignId of campaignIds) {
    const response = await kv.get<CampaignResponse>(keys.campaignResponse(campaignId, d.userId));
    if (!response.value) continue;
    const group: KvWrite[] = [del(response.key)];
    if (response.value.pollResponse !== null) {
      const vote: CampaignResponse = {
        campaignId,
        parentId: d.anonymousId,
        pollResponse: response.value.pollResponse,
        questionResponse: null,
        isDismissed: false,
        snoozedUntil: null,
        respondedAt: null,
      };
      group.push({ type: "set", key: keys.campaignResponse(campaignId, d.anonymousId), value: vote });
    }
    groups.push(group);
  }
  return groups;
}

/**
 * Audit entries about them (found through the log's index by subject: their account id and
 * addresses), both copies rewritten with the anonymous id and their index entries moved with them.
 */
async function auditWrites(kv: Deno.Kv, d: AccountDeletion): Promise<KvWrite[][]> {
  const name = `${d.firstName} ${d.lastName}`.trim();
  const replace = (text: string) => {
    let out = text.split(d.userId).join(d.anonymousId);
    out = out.replace(new RegExp(d.email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi"), d.anonymousId);
    return name ? out.split(name).join(d.anonymousId) : out;
  };
  const groups: KvWrite[][] = [];
  const about = await listAuditEntriesAbout(kv, [d.userId, d.email, ...d.otherAddresses]);
  for (const e of about.values) {
    const entry = e.value;
    const rewritten: AuditEntry = {
      ...entry,
      actor: replace(entry.actor),
      targetId: replace(entry.targetId),
      detail: replace(entry.detail),
      ...(entry.subjects ? { subjects: entry.subjects.map(replace) } : {}),
    };
    if (JSON.stringify(rewritten) === JSON.stringify(entry)) continue;
    groups.push(auditRewriteWrites(e, rewritten));
  }
  return groups;
}

/** Takes the person out of their family in each team (a family left empty goes too). */
async function leaveFamilies(kv: Deno.Kv, d: AccountDeletion): Promise<void> {
  for (const teamId of d.teamIds) {
    await retryOnConflict(async () => {
      const op = kv.atomic();
      await stageFamilyMemberRemoval(kv, op, teamId, "parent", d.userId);
      const result = await commitTeamChange(kv, op, teamId);
      if (!result.ok) throw new CommitConflictError();
    }, { attempts: 5 });
  }
}

/**
 * Deletes (and anonymises) everything kept about the person. Runs again while a pass still
 * finds something, so what was written during the sweep (a post a moment before) goes too.
 */
export async function sweepAccount(kv: Deno.Kv, d: AccountDeletion): Promise<void> {
  await leaveFamilies(kv, d);
  for (let pass = 0; pass < 3; pass++) {
    const groups = [
      ...await personalWrites(kv, d),
      ...await claimWrites(kv, d),
      ...(await Promise.all(d.teamIds.map((teamId) => teamWrites(kv, d, teamId)))).flat(),
      ...await campaignWrites(kv, d),
      ...await auditWrites(kv, d),
    ];
    const found = await withoutMissing(kv, groups);
    if (found.length === 0) break;
    for (const batch of packWrites(found)) {
      const result = await commitTeamChange(kv, applyWrites(kv.atomic(), batch), d.teamIds);
      if (!result.ok) throw new Error("An unchecked account deletion commit failed.");
    }
  }
}

/** Drops deletions of keys that do not exist (the exact keys staged just in case), so a finished sweep finds nothing. */
async function withoutMissing(kv: Deno.Kv, groups: KvWrite[][]): Promise<KvWrite[][]> {
  const kept: KvWrite[][] = [];
  for (const group of groups) {
    if (group.some((w) => w.type === "set")) {
      kept.push(group);
      continue;
    }
    const present: KvWrite[] = [];
    for (let i = 0; i < group.length; i += 10) {
      const slice = group.slice(i, i + 10);
      const found = await kv.getMany(slice.map((w) => w.key));
      slice.forEach((w, j) => found[j].versionstamp !== null && present.push(w));
    }
    if (present.length > 0) kept.push(present);
  }
  return kept;
}
