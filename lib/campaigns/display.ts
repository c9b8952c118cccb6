/**
 * How a campaign is shown in the admin area: its display status (SPEC.md section 4) and its
 * times in the team's zone, and the form's local date-times read in that zone. Dependency-free.
 */
import type { Campaign } from "../db/campaigns.ts";
import { isLive } from "./campaign_rules.ts";
import type { Language } from "../i18n/languages.ts";
import { dateLocale } from "../time_zone.ts";

export type CampaignStatus = "Inactive" | "Scheduled" | "Expired" | "Live";

/**
 * SPEC.md section 4: Inactive when isActive is false; when active, Scheduled if publishAt is in
 * the future, Expired if expiresAt has passed, otherwise Live.
 */
export function displayStatus(campaign: Campaign, now: Date): CampaignStatus {
  if (!campaign.isActive) return "Inactive";
  if (campaign.publishAt !== null && Date.parse(campaign.publishAt) > now.getTime()) return "Scheduled";
  if (campaign.expiresAt !== null && Date.parse(campaign.expiresAt) <= now.getTime()) return "Expired";
  return isLive(campaign, now) ? "Live" : "Expired";
}

/** The zone the admin area's dates are typed and shown in (the events widget's too). */
export const CAMPAIGN_TIME_ZONE = "America/New_York";

const SHOWN = new Map<Language, Intl.DateTimeFormat>();

/** "May 1, 2026, 10:00 AM EDT" ("1 may 2026, 10:00 a.m. EDT" in Spanish). */
export function formatCampaignTime(iso: string, lang: Language = "en"): string {
  let shown = SHOWN.get(lang);
  if (!shown) {
    shown = new Intl.DateTimeFormat(dateLocale(lang), {
      timeZone: CAMPAIGN_TIME_ZONE,
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    });
    SHOWN.set(lang, shown);
  }
  return shown.format(new Date(iso));
}

const PARTS = new Intl.DateTimeFormat("en-US", {
  timeZone: CAMPAIGN_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The zone's wall-clock time at `time` as if it were UTC, in ms. */
function wallClock(time: number): number {
  const get: Record<string, number> = {};
  for (const part of PARTS.formatToParts(new Date(time))) get[part.type] = Number(part.value);
  return Date.UTC(get.year, get.month - 1, get.day, get.hour, get.minute, get.second);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A `datetime-local` value ("2026-05-01T10:00") read as the team zone's wall clock, as an ISO
 * time; "" → null; anything else (or a time the clock skips) → undefined.
 */
export function localToIso(value: string): string | null | undefined {
  const trimmed = value.trim();
  if (trimmed === "") return null;
  const m = LOCAL.exec(trimmed);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map((n) => Number(n ?? 0));
  const wanted = Date.UTC(y, mo - 1, d, h, mi, s);
  const day = new Date(wanted);
  // Date.UTC rolls "2026-13-45" over into another date: such a value is no time at all.
  if (day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d || day.getUTCHours() !== h || day.getUTCMinutes() !== mi) {
    return undefined;
  }
  // Two passes find the zone's offset at that moment (either side of a DST change).
  let time = wanted - (wallClock(wanted) - wanted);
  time = wanted - (wallClock(time) - time);
  if (wallClock(time) !== wanted) return undefined;
  return new Date(time).toISOString();
}

/** An ISO time as the team zone's `datetime-local` value ("2026-05-01T10:00"). */
export function isoToLocal(iso: string): string {
  return new Date(wallClock(Date.parse(iso))).toISOString().slice(0, 16);
}

/**
 * What each outcome of a campaign form (the team admin's and the console's) is, by the short
 * code its post/redirect/get leaves in the query string; each page has its words for them.
 */
export const CAMPAIGN_NOTICE_KINDS = {
  created: "success",
  activated: "success",
  deactivated: "success",
  deleted: "success",
  missing: "error",
} as const;
