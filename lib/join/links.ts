/**
 * Invite links (DECISIONS.md): a 16-character A–Z0–9 code, valid 7 days, the join requests sent
 * through it counted ("Used N times": joins, not page opens);
 * Generate New replaces it and the old code stops working at once.
 */
import { beginChange } from "../db/kv.ts";
import { commitOrConflict, retryOnConflict } from "../db/change.ts";
import {
  countJoinLinkUse,
  getJoinLinkEntry,
  getJoinLinkUses,
  getReplacedJoinCode,
  getTeamIdByJoinCode,
  type JoinLink,
  stageJoinLink,
} from "../db/join_links.ts";
import { stageAuditEntry } from "../db/audit.ts";
import { getTeam, resolveTeam, type Team } from "../db/teams.ts";
import { consumeRateLimits, JOIN_LINK_LIMIT_BUCKET } from "../db/rate_limits.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";
import { DEFAULT_LANGUAGE, type Language } from "../i18n/languages.ts";

export const JOIN_CODE_LENGTH = 16;
export const JOIN_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
/** SPEC.md: a team code is exactly 16 uppercase letters and digits; anything else is a slug. */
export const JOIN_CODE_PATTERN = /^[A-Z0-9]{16}$/;

/** What the API returns: SPEC.md's joinUrl, timeToExpiry and usageCount. */
export interface JoinLinkView {
  joinUrl: string;
  code: string;
  /** Human text ("6 days, 23 hours", "Expired"). */
  timeToExpiry: string;
  expiresAt: string;
  expired: boolean;
  usageCount: number;
}

/** 16 characters from A–Z0–9, uniformly (bytes ≥ 252 are redrawn to avoid modulo bias). */
export function newJoinCode(): string {
  let code = "";
  while (code.length < JOIN_CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(32))) {
      if (byte < 252 && code.length < JOIN_CODE_LENGTH) code += ALPHABET[byte % 36];
    }
  }
  return code;
}

/** The time an invite link has left, in `lang` ("6 days, 23 hours"; "6 días y 23 horas"). */
export function describeTimeLeft(ms: number, lang: Language = DEFAULT_LANGUAGE): string {
  const texts = messagesFor(lang).join.links;
  if (ms <= 0) return texts.expired;
  const hours = Math.floor(ms / 3_600_000);
  const days = Math.floor(hours / 24);
  const count = (message: typeof texts.days, n: number) => format(lang, message, { count: n });
  if (days > 0 && hours % 24) {
    return new Intl.ListFormat(lang, { type: "unit", style: "long" })
      .format([count(texts.days, days), count(texts.hours, hours % 24)]);
  }
  if (days > 0) return count(texts.days, days);
  if (hours > 0) return count(texts.hours, hours);
  return count(texts.minutes, Math.max(1, Math.ceil(ms / 60_000)));
}

async function view(kv: Deno.Kv, link: JoinLink, appUrl: string, now: Date): Promise<JoinLinkView> {
  const usageCount = await getJoinLinkUses(kv, link.teamId, link.code);
  const left = link.expiresAt - now.getTime();
  return {
    joinUrl: `${appUrl}/join/${link.code}`,
    code: link.code,
    timeToExpiry: describeTimeLeft(left),
    expiresAt: new Date(link.expiresAt).toISOString(),
    expired: left <= 0,
    usageCount,
  };
}

/** R18: Generate New at most 50 times a day per team. */
export const JOIN_LINKS_PER_DAY = 50;

/**
 * Replaces the team's invite link with a new code (the old one is removed in the same
 * commit) and records it in the audit log.
 */
export async function regenerateJoinLink(
  kv: Deno.Kv,
  teamId: string,
  actor: string,
  appUrl: string,
  now = new Date(),
): Promise<JoinLinkView> {
  await consumeRateLimits(
    kv,
    [
      { bucket: JOIN_LINK_LIMIT_BUCKET, subject: teamId, limit: JOIN_LINKS_PER_DAY, windowMs: 24 * 60 * 60 * 1000 },
    ],
    (minutes) => format("en", messagesFor("en").join.links.tooMany, { count: Math.ceil(minutes / 60) }),
    now.getTime(),
  );
  return await retryOnConflict(async () => {
    const current = await getJoinLinkEntry(kv, teamId);
    const link: JoinLink = {
      teamId,
      code: newJoinCode(),
      createdAt: now.toISOString(),
      expiresAt: now.getTime() + JOIN_LINK_TTL_MS,
    };
    const op = stageJoinLink(beginChange(kv), current, link, now.getTime());
    stageAuditEntry(op, { teamId, action: "join-link.generated", targetId: teamId, actor, detail: "" }, now);
    await commitOrConflict(op);
    return await view(kv, link, appUrl, now);
  }, { attempts: 5 });
}

/** The team's invite link; a team that never had one gets its first now. */
export async function currentJoinLink(
  kv: Deno.Kv,
  teamId: string,
  actor: string,
  appUrl: string,
  now = new Date(),
): Promise<JoinLinkView> {
  const link = (await getJoinLinkEntry(kv, teamId)).value;
  return link ? await view(kv, link, appUrl, now) : await regenerateJoinLink(kv, teamId, actor, appUrl, now);
}

/** The team's invite link as it is, or null when it never had one (reads only; nothing is generated). */
export async function peekJoinLink(
  kv: Deno.Kv,
  teamId: string,
  appUrl: string,
  now = new Date(),
): Promise<JoinLinkView | null> {
  const link = (await getJoinLinkEntry(kv, teamId)).value;
  return link ? await view(kv, link, appUrl, now) : null;
}

/** The team a live invite code belongs to (null when unknown, replaced or expired: 'Team Not Found'). */
export async function peekJoinCode(kv: Deno.Kv, code: string, now = new Date()): Promise<Team | null> {
  if (!JOIN_CODE_PATTERN.test(code)) return null;
  const teamId = await getTeamIdByJoinCode(kv, code);
  const link = teamId ? (await getJoinLinkEntry(kv, teamId)).value : null;
  if (!link || link.code !== code || link.expiresAt <= now.getTime()) return null;
  return await getTeam(kv, link.teamId);
}

/**
 * Counts a join request sent through the team's invite code on the link it came by (the live
 * one: a code is checked live when the request is taken). Nothing when the link has since gone.
 */
export async function countJoinLinkUseOf(kv: Deno.Kv, teamId: string, now = new Date()): Promise<void> {
  const link = (await getJoinLinkEntry(kv, teamId)).value;
  if (link && link.expiresAt > now.getTime()) await countJoinLinkUse(kv, teamId, link.code);
}

/**
 * The team of an invite code that no longer works: it expired, or Generate New replaced it
 * (within the last 90 days). Null for a live code, and for one that never existed (or whose
 * team is gone), which must name no team.
 */
export async function teamOfDeadJoinCode(kv: Deno.Kv, code: string, now = new Date()): Promise<Team | null> {
  if (!JOIN_CODE_PATTERN.test(code)) return null;
  const teamId = await getTeamIdByJoinCode(kv, code);
  if (!teamId) return null;
  const link = (await getJoinLinkEntry(kv, teamId)).value;
  const dead = link?.code === code
    ? link.expiresAt <= now.getTime()
    : await getReplacedJoinCode(kv, teamId, code, now.getTime()) !== null;
  return dead ? await getTeam(kv, teamId) : null;
}

/**
 * The team a join page or call names, and how: a 16-character key is an invite code (live,
 * or nothing), anything else the team's public slug or id. Opening it counts nothing.
 */
export async function teamForJoinKey(
  kv: Deno.Kv,
  key: string,
  now = new Date(),
): Promise<{ team: Team; access: "code" | "public" } | null> {
  if (JOIN_CODE_PATTERN.test(key)) {
    const team = await peekJoinCode(kv, key, now);
    return team ? { team, access: "code" } : null;
  }
  const team = await resolveTeam(kv, key);
  return team ? { team, access: "public" } : null;
}
