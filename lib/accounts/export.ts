/**
 * "Download my data" (GDPR Art. 15 and 20, COPPA's parental review): everything GoalMates holds
 * about one signed-in person, as one JSON document. It is built for the person themselves only
 * (the route refuses everyone else), and it never holds a secret: no password hash, no session
 * id, no calendar token, no sign-in or e-mail change token. Records of other people appear only
 * where they are the person's own (their child's roster record, a post's named player).
 */
import { getUser, listMemberships, type Membership, type TeamRole, type User } from "../db/users.ts";
import { getTeams, type Team } from "../db/teams.ts";
import { getPlayers, type Player } from "../db/players.ts";
import { type Claim, listClaimsOfEmail } from "../db/claims.ts";
import { listFormerMemberships } from "../db/former_memberships.ts";
import { getFamily, getFamilyIdOf } from "../db/families.ts";
import { getUserCalendarFeedEntry } from "../db/calendar_feeds.ts";
import { getPendingEmailChangeEntry } from "../db/email_changes.ts";
import { listHeadshotConsents } from "../db/headshot_consents.ts";
import { listPlayerRemovalRequests, type RemovalRequest } from "../db/removal_requests.ts";
import {
  findCampaignsOfTeam,
  findEssentialsByUser,
  findGuardianLinksOf,
  findPhotosByUploader,
  findPostsByAuthor,
  findSessionsOf,
  type Found,
  getResponsesOf,
} from "../db/person_records.ts";
import { type AuditEntry, listAuditEntriesAbout } from "../db/audit.ts";
import { isAdminSession } from "../auth/sessions.ts";
import { getNotificationPreferences, type NotificationPreferences } from "../notifications/mod.ts";
import { NotFoundError } from "../errors.ts";
import type { Language } from "../i18n/languages.ts";

/** What the file says about itself, for the person reading it. */
const ABOUT = [
  "This is everything GoalMates holds about you, as of exportedAt.",
  "Your children's roster records are the ones you are a parent of.",
  "Photo links open while you are signed in and a member of the photo's team.",
  "Secrets are left out on purpose: your password, sign-in links, session ids and your calendar link.",
];

export interface ExportSession {
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  /** The browser and system it was opened on ("Chrome on Android"); null for sessions from before this was kept. */
  device: string | null;
  kind: "member" | "admin";
}

/** The whole export (the JSON the download holds). */
export interface AccountExport {
  about: string[];
  exportedAt: string;
  /** False when a list was too long to read in full; the parts read are still here. */
  complete: boolean;
  account: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    phone: string;
    photoUrl: string | null;
    occupation: string;
    interests: string[];
    funFacts: string[];
    hasPassword: boolean;
    createdAt: string;
    /** The language they chose with the switch (issue 24); null until they choose. Other settings are under `preferences`. */
    language: Language | null;
    pendingEmailChange: { newEmail: string; requestedAt: string; expiresAt: string } | null;
  };
  teams: {
    id: string;
    name: string;
    season: string;
    role: TeamRole;
    joinedAt: string;
    /** A player's own account: their roster record. */
    playerRecord: Player | null;
    family: { id: string; name: string } | null;
  }[];
  /** Teams the person left or was removed from: their posts, photos and essentials there are listed below. */
  formerTeams: { id: string; name: string; leftAt: string }[];
  children: {
    teamId: string;
    teamName: string;
    player: Player;
    headshotConsent: { consentedAt: string } | null;
    /** The person's requests that the child be removed from the roster (waiting, or denied with the reason). */
    removalRequests: Omit<RemovalRequest, "requestedBy">[];
  }[];
  claimsAndJoinRequests: Record<string, unknown>[];
  posts: Record<string, unknown>[];
  photos: Record<string, unknown>[];
  essentials: Record<string, unknown>[];
  campaignAnswers: Record<string, unknown>[];
  calendarSubscription: { exists: boolean; createdAt: string | null };
  /** Which notification mails they get (each on unless they turned it off). */
  preferences: { notifications: NotificationPreferences };
  sessions: ExportSession[];
  auditEntries: ExportAuditEntry[];
}

export type ExportAuditEntry = Omit<AuditEntry, "id" | "detail" | "subjects"> & { detail: string | null };

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * An audit entry as the person's file shows it. What they did to someone else's record keeps
 * its action and target but not its detail, which names that other person (a claim they
 * approved names the parent who asked).
 */
function auditLine(ids: Set<string>, self: User) {
  return (entry: AuditEntry): ExportAuditEntry => {
    const { id: _, subjects: _others, ...line } = entry;
    // Who acted on their record is named by role, never by another person's address.
    const actor = entry.actor === self.email || entry.actor === self.id
      ? entry.actor
      : entry.actor.includes("@")
      ? "a team admin"
      : entry.actor;
    return ids.has(entry.targetId) ? { ...line, actor } : { ...line, actor, detail: null };
  };
}

/** Everything held about `userId`; `currentSessionId` marks the session the download was asked from. */
export async function exportAccount(
  kv: Deno.Kv,
  userId: string,
  options: { now: Date; currentSessionId: string | null },
): Promise<AccountExport> {
  const user = await getUser(kv, userId);
  if (!user) throw new NotFoundError();
  const memberships = await listMemberships(kv, user.id);
  const teamValues = await getTeams(kv, memberships.map((m) => m.teamId));
  const teams = memberships.flatMap((m, i) => teamValues[i] ? [{ membership: m, team: teamValues[i] }] : []);
  const parts: Found<unknown>[] = [];
  const collect = <T>(found: Found<T>): T[] => (parts.push(found), found.values);

  const perTeam = await Promise.all(teams.map(({ membership, team }) => teamPart(kv, user, membership, team, collect)));
  // Teams they left: what they made there stays until they delete it or the account.
  const current = new Set(memberships.map((m) => m.teamId));
  const left = (await listFormerMemberships(kv, user.id)).filter((f) => !current.has(f.teamId));
  const leftTeams = await getTeams(kv, left.map((f) => f.teamId));
  const former = left.flatMap((f, i) => leftTeams[i] ? [{ leftAt: f.leftAt, team: leftTeams[i] }] : []);
  const formerParts = await Promise.all(former.map(({ team }) => contentPart(kv, user, team, collect)));
  const content = [...perTeam.map((p) => p.content), ...formerParts];
  const claims = collect(await claimsOf(kv, user));
  const [feed, emailChange, sessions, notifications] = await Promise.all([
    getUserCalendarFeedEntry(kv, user.id),
    getPendingEmailChangeEntry(kv, user.id),
    findSessionsOf(kv, user.id),
    getNotificationPreferences(kv, user.id),
  ]);
  const auditIds = new Set([
    user.id,
    ...claims.map((c) => c.id),
    ...perTeam.flatMap((p) => p.children.map((c) => c.player.id)),
  ]);
  // Through the audit log's index by subject: the cost follows the person's history, not every team's.
  const audit = await listAuditEntriesAbout(kv, [user.id, user.email, ...auditIds]);

  return {
    about: ABOUT,
    exportedAt: options.now.toISOString(),
    complete: [...parts, sessions, audit].every((p) => p.complete),
    account: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      photoUrl: user.photoUrl,
      occupation: user.occupation ?? "",
      interests: user.interests ?? [],
      funFacts: user.funFacts ?? [],
      hasPassword: user.passwordHash !== null,
      createdAt: user.createdAt,
      language: user.language ?? null,
      pendingEmailChange: emailChange.value && emailChange.value.expiresAt > options.now.getTime()
        ? {
          newEmail: emailChange.value.newEmail,
          requestedAt: emailChange.value.requestedAt,
          expiresAt: iso(emailChange.value.expiresAt),
        }
        : null,
    },
    teams: perTeam.map((p) => p.team),
    formerTeams: former.map(({ team, leftAt }) => ({ id: team.id, name: team.name, leftAt })),
    children: perTeam.flatMap((p) => p.children),
    claimsAndJoinRequests: claims.map((c) => ({
      id: c.id,
      kind: c.kind ?? "claim",
      teamId: c.teamId,
      status: c.status,
      email: c.email,
      requesterFirstName: c.requesterFirstName ?? null,
      requesterLastName: c.requesterLastName ?? null,
      playerName: c.playerName,
      parentName: c.parentName,
      jerseyNumber: c.jerseyNumber,
      childSurname: c.childSurname,
      note: c.note,
      createdAt: c.createdAt,
      decidedAt: c.decidedAt,
    })),
    posts: content.flatMap((p) => p.posts),
    photos: content.flatMap((p) => p.photos),
    essentials: content.flatMap((p) => p.essentials),
    // A global campaign is seen in each of the person's teams: its answer is listed once.
    campaignAnswers: [...new Map(content.flatMap((p) => p.answers).map((a) => [a.campaignId, a])).values()],
    calendarSubscription: { exists: feed.value !== null, createdAt: feed.value?.createdAt ?? null },
    preferences: { notifications },
    sessions: sessions.values.map((s) => ({
      current: s.id === options.currentSessionId,
      createdAt: iso(s.createdAt),
      lastSeenAt: iso(s.lastSeenAt),
      expiresAt: iso(s.absoluteExpiresAt),
      device: s.device ?? null,
      kind: isAdminSession(s) ? "admin" : "member",
    })),
    auditEntries: audit.values.map((entry) => entry.value)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map(auditLine(auditIds, user)),
  };
}

/** One current team's part: the membership and children, and what they made there (`contentPart`). */
async function teamPart(
  kv: Deno.Kv,
  user: User,
  membership: Membership,
  team: Team,
  collect: <T>(found: Found<T>) => T[],
) {
  const links = await findGuardianLinksOf(kv, team.id, user.id);
  const ownPlayerId = membership.role === "PLAYER" ? membership.playerId : null;
  const memberType = membership.role === "PLAYER" ? "player" : "parent";
  const memberId = ownPlayerId ?? user.id;
  const [players, consents, familyId, content] = await Promise.all([
    getPlayers(kv, team.id, [...links.map((l) => l.playerId), ...(ownPlayerId ? [ownPlayerId] : [])]),
    links.length ? listHeadshotConsents(kv, team.id) : [],
    getFamilyIdOf(kv, team.id, memberType, memberId),
    contentPart(kv, user, team, collect),
  ]);
  const family = familyId ? await getFamily(kv, team.id, familyId) : null;
  const childPlayers = links.flatMap((_, i) => players[i] ? [players[i]] : []);
  const children = await Promise.all(childPlayers.map(async (player) => {
    const consent = consents.find((c) => c.playerId === player.id && c.userId === user.id);
    const requests = await listPlayerRemovalRequests(kv, team.id, player.id);
    return {
      teamId: team.id,
      teamName: team.name,
      player,
      headshotConsent: consent ? { consentedAt: consent.consentedAt } : null,
      removalRequests: requests.filter((r) => r.requestedBy === user.id).map(({ requestedBy: _, ...r }) => r),
    };
  }));
  return {
    team: {
      id: team.id,
      name: team.name,
      season: team.season,
      role: membership.role,
      joinedAt: membership.createdAt,
      playerRecord: ownPlayerId ? players[links.length] ?? null : null,
      family: family ? { id: family.id, name: family.familyName } : null,
    },
    children,
    content,
  };
}

/** What the person made in a team, current or left: posts, photos, essentials and campaign answers. */
async function contentPart(kv: Deno.Kv, user: User, team: Team, collect: <T>(found: Found<T>) => T[]) {
  const [posts, photos, essentials, campaigns] = await Promise.all([
    findPostsByAuthor(kv, team.id, user.id),
    findPhotosByUploader(kv, team.id, user.id),
    findEssentialsByUser(kv, team.id, user.id),
    findCampaignsOfTeam(kv, team.id),
  ]);
  const campaignList = collect(campaigns);
  const responses = await getResponsesOf(kv, campaignList.map((c) => c.id), user.id);
  const campaignOf = new Map(campaignList.map((c) => [c.id, c]));
  return {
    posts: collect(posts).map((p) => ({ teamId: team.id, ...p })),
    photos: collect(photos).map((p) => ({
      teamId: team.id,
      id: p.id,
      caption: p.caption,
      createdAt: p.createdAt,
      links: p.urls,
    })),
    essentials: collect(essentials).map((e) => ({ teamId: team.id, ...e })),
    answers: responses.map((r) => ({
      teamId: campaignOf.get(r.campaignId)?.teamId ?? null,
      campaignId: r.campaignId,
      campaignTitle: campaignOf.get(r.campaignId)?.title ?? null,
      pollResponse: r.pollResponse,
      questionResponse: r.questionResponse,
      isDismissed: r.isDismissed,
      snoozedUntil: r.snoozedUntil,
      respondedAt: r.respondedAt,
    })),
  };
}

/** Claims and join requests from the person's address, in any team and of any status (through their index by address). */
async function claimsOf(kv: Deno.Kv, user: User): Promise<Found<Claim>> {
  const found = await listClaimsOfEmail(kv, user.email);
  return { values: found.values.map((entry) => entry.value), complete: found.complete };
}
