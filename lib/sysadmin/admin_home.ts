/**
 * The older system admin dashboard (`/admin`): stat cards with real counts, a page of team cards
 * (counts, Manage Team, the recruiting link) and the installation's read-only settings. Reads
 * only: a team without an invite link shows none (the card's form generates one).
 */
import type { Config } from "../config.ts";
import { countPendingClaims } from "../db/claims.ts";
import { countPlayers } from "../db/players.ts";
import { countAllPendingClaims, countAllPlayers, countMailQueue } from "../db/system_stats.ts";
import { countTeams, listTeams, resolveTeamId } from "../db/teams.ts";
import { type JoinLinkView, peekJoinLink, regenerateJoinLink } from "../join/mod.ts";
import { NotFoundError } from "../errors.ts";
import { SYNC_INTERVAL_MS } from "../calendar/mod.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";
import {
  ADMIN_TEAMS_PAGE_SIZE,
  type AdminStats,
  type AdminTeamCard,
  type AdminTeamsPage,
  type SystemFact,
} from "./admin_home_types.ts";

/** The four stat cards: teams, players and waiting claims of every team, and the mail queue. */
export async function loadAdminStats(kv: Deno.Kv): Promise<AdminStats> {
  const [totalTeams, totalPlayers, pendingClaims, mail] = await Promise.all([
    countTeams(kv),
    countAllPlayers(kv),
    countAllPendingClaims(kv),
    countMailQueue(kv),
  ]);
  return {
    totalTeams,
    totalPlayers,
    pendingClaims,
    mail,
    status: mail.failed > 0 ? "Needs attention" : "Operational",
  };
}

/** A page of team cards, newest team first (`cursor` from the previous page; "" on the last). */
export async function loadAdminTeams(
  kv: Deno.Kv,
  appUrl: string,
  now: Date,
  cursor = "",
): Promise<AdminTeamsPage> {
  const page = await listTeams(kv, { cursor, limit: ADMIN_TEAMS_PAGE_SIZE, reverse: true });
  const values = await Promise.all(page.values.map(async (team): Promise<AdminTeamCard> => {
    const [playerCount, pendingClaims, inviteLink] = await Promise.all([
      countPlayers(kv, team.id),
      countPendingClaims(kv, team.id),
      peekJoinLink(kv, team.id, appUrl, now),
    ]);
    return {
      id: team.id,
      name: team.name,
      slug: team.slug,
      season: team.season,
      playerCount,
      pendingClaims,
      inviteLink,
    };
  }));
  return { values, cursor: page.cursor, isFirstPage: !cursor };
}

/**
 * The recruiting-link panel's Generate New: replaces the team's invite link (audited in the same
 * commit, by `actor`). 404 for a team that does not exist, rather than a link for no team.
 */
export async function regenerateTeamInviteLink(
  kv: Deno.Kv,
  teamKey: string,
  actor: string,
  appUrl: string,
  now: Date,
): Promise<JoinLinkView> {
  const teamId = await resolveTeamId(kv, teamKey);
  if (!teamId) throw new NotFoundError(TEAM_NOT_FOUND);
  return await regenerateJoinLink(kv, teamId, actor, appUrl, now);
}

const TEAM_NOT_FOUND = "Team not found";

/** The Settings tab's words in English (the route puts them in the page's language). */
const FACTS = messagesFor("en").sysadmin.home.settings;

/** The calendar sync's schedule in words. */
export const CALENDAR_SYNC_TEXT = format("en", FACTS.values.calendarSync, {
  minutes: String(Math.round(SYNC_INTERVAL_MS / 60_000)),
});

/** Where the data lives, in words (never the address of a remote database). */
export function kvKind(kvPath: string | null): string {
  if (kvPath === null) return FACTS.values.denoDeployKv;
  if (kvPath === ":memory:") return FACTS.values.memoryKv;
  if (/^https?:\/\//.test(kvPath)) return FACTS.values.remoteKv;
  return format("en", FACTS.values.localKv, { path: kvPath });
}

/** How mail leaves, in words: the SMTP server's host (never its credentials), or the outbox. */
export function mailTransport(smtpUrl: string | undefined): string {
  if (!smtpUrl) return FACTS.values.outbox;
  try {
    const url = new URL(smtpUrl);
    return format("en", FACTS.values.smtpVia, { host: `${url.hostname}${url.port ? `:${url.port}` : ""}` });
  } catch {
    return "SMTP";
  }
}

/** The Settings tab: read-only facts about this installation. */
export function systemFacts(config: Config, build: { sourceHash: string }): SystemFact[] {
  const { labels, values } = FACTS;
  const version = format("en", values.version, { hash: build.sourceHash.slice(0, 12), deno: Deno.version.deno });
  return [
    { label: labels.environment, value: config.env === "development" ? values.development : values.production },
    { label: labels.database, value: kvKind(config.kvPath) },
    { label: labels.mailTransport, value: mailTransport(config.smtpUrl) },
    { label: labels.mailSender, value: config.mailFrom },
    { label: labels.calendarSync, value: CALENDAR_SYNC_TEXT },
    { label: labels.publicAddress, value: config.appUrl },
    { label: labels.version, value: version },
  ];
}
