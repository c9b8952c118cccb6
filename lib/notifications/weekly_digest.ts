/**
 * The weekly digest (issue 23, item 4): on Sunday from 17:00 on their clock, one mail to each
 * member with `weeklyDigest` on, covering all their teams: each team's posts of the past 7 days
 * (5, then "and N more"), how many photos came, the events of the next 7 days (as the events
 * widget words them, in the team's zone) and the campaigns waiting for their answer. A week with
 * none of it in any of their teams sends nothing; a campaign left open counts only in the week it
 * opened (a poll open for months would otherwise mail everyone every Sunday), and is listed in
 * any mail that has something else.
 *
 * When (lib/notifications/digest_week.ts): a person follows the clock of the team they joined
 * first. The cron runs every 15 minutes; outside Sunday 03:00–Monday 12:00 UTC no clock can be due
 * and it reads nothing. Within it, it reads the team list, and only the members of teams whose
 * zone is due and whose zone's run of the week is not done yet (one marker per zone and week).
 *
 * Exactly once: the person's record of the week is checked absent in the commit that stages the
 * mail, so two instances at once, a crash or the development call earlier that week mail once.
 *
 * Photos are counted, and the newest 3 of each team shown as thumbnails carried inside the mail,
 * never as a link (lib/notifications/digest_photos.ts): their bytes are read when it is sent.
 */
import { getTeam, listTeams, type Team } from "../db/teams.ts";
import { getUser, listMemberships, listTeamMembers, type Membership } from "../db/users.ts";
import { listPosts, type PostRecord } from "../db/posts.ts";
import { getPlayers } from "../db/players.ts";
import { beginChange } from "../db/kv.ts";
import { commitChange } from "../db/change.ts";
import {
  getWeeklyDigestEntry,
  markWeeklyDigestZoneDone,
  stageWeeklyDigest,
  weeklyDigestZonesDone,
} from "../db/weekly_digests.ts";
import { loadMemberNames } from "../names/member_names.ts";
import {
  eventZoneLabel,
  formatEventWhen,
  isCancelled,
  listEventsStartingBetween,
  type TeamEvent,
} from "../events/mod.ts";
import { type ActiveCampaign, listActiveCampaigns } from "../campaigns/mod.ts";
import { type InlineImageRef, type OutgoingMail, stageMail } from "../mail/mod.ts";
import { greetingIn, namesIn } from "../mail/templates.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";
import { DEFAULT_LANGUAGE, type Language } from "../i18n/languages.ts";
import { errorText, runLoggedJob } from "../log.ts";
import { getNotificationPreferences } from "./preferences.ts";
import { type NotificationBlock, notificationMail } from "./mail.ts";
import { type DigestThumbnail, thumbnailAlt, weekPhotos } from "./digest_photos.ts";
import {
  DAY_MS,
  DIGEST_DAYS,
  digestSubject,
  digestWeek,
  digestZone,
  homeTeamId,
  isDigestTime,
  someZoneMayBeDue,
} from "./digest_week.ts";

/** Every 15 minutes: zones a half or three quarters of an hour off UTC reach 17:00 on those minutes. */
export const WEEKLY_DIGEST_CRON = "*/15 * * * *";

/** Posts listed per team; the rest are counted. */
export const DIGEST_MAX_POSTS = 5;
/** Events listed per team; the rest are counted. */
export const DIGEST_MAX_EVENTS = 10;
/** Open campaigns listed per team. */
export const DIGEST_MAX_CAMPAIGNS = 3;
/** Open campaigns read per team and person, to find one that opened this week. */
const CAMPAIGNS_READ = 20;
/** Thumbnails in one mail at most (3 a team), so a person in many teams gets no huge message. */
export const DIGEST_MAX_IMAGES = 12;
/** People whose digest is built at once. */
const CONCURRENCY = 16;
/** A post's text in the mail: its first line's start (the dashboard has the rest). */
const EXCERPT = 160;

export interface WeeklyDigestOptions {
  appUrl: string;
  now?: Date;
  /** The development call: everyone now, whatever their clock says (still once a week). */
  anyTime?: boolean;
}

export interface WeeklyDigestRun {
  sent: number;
  /** Members looked at (each once per run). */
  people: number;
  failed: number;
}

/** What a team had this week, read once per run for all its members. */
interface TeamWeek {
  team: Team;
  zone: string;
  posts: { author: string; post: PostRecord; playerName: string | null }[];
  morePosts: number;
  photos: number;
  thumbnails: DigestThumbnail[];
  events: TeamEvent[];
  moreEvents: number;
}

interface Run {
  kv: Deno.Kv;
  appUrl: string;
  now: Date;
  anyTime: boolean;
  teams: Map<string, Promise<Team | null>>;
  weeks: Map<string, Promise<TeamWeek>>;
  seen: Set<string>;
}

const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1).trimEnd()}…` : flat;
};

/** The team's posts since `since`, newest first: the first few with their authors' names, the rest counted. */
async function weekPosts(kv: Deno.Kv, teamId: string, since: number, lang: Language) {
  const listed: PostRecord[] = [];
  let more = 0;
  let cursor = "";
  do {
    const page = await listPosts(kv, teamId, { cursor: cursor || undefined, limit: 50 });
    const recent = page.values.filter((p) => Date.parse(p.createdAt) >= since);
    for (const post of recent) listed.length < DIGEST_MAX_POSTS ? listed.push(post) : more++;
    cursor = recent.length === page.values.length ? page.cursor : "";
  } while (cursor);
  const [nameOf, players] = await Promise.all([
    loadMemberNames(kv, teamId, listed.map((p) => p.authorId), lang),
    getPlayers(kv, teamId, listed.flatMap((p) => p.playerId ? [p.playerId] : [])),
  ]);
  // A kudos names its player as the picker did (first name, last initial), and no one who left.
  const onTeam = new Set(players.flatMap((p) => p ? [p.id] : []));
  const posts = listed.map((post) => ({
    post,
    author: nameOf(post.authorId),
    playerName: post.playerId && onTeam.has(post.playerId) ? post.playerName : null,
  }));
  return { posts, more };
}

/** A team's week, its people without a name of their own named in `lang`. */
async function readTeamWeek(kv: Deno.Kv, team: Team, now: Date, lang: Language): Promise<TeamWeek> {
  const since = now.getTime() - DIGEST_DAYS * DAY_MS;
  const zone = digestZone(team);
  const [posts, photos, events] = await Promise.all([
    weekPosts(kv, team.id, since, lang),
    weekPhotos(kv, team.id, since, lang),
    listEventsStartingBetween(kv, team.id, now.getTime(), now.getTime() + DIGEST_DAYS * DAY_MS, { limit: 100 }),
  ]);
  return {
    team,
    zone,
    posts: posts.posts,
    morePosts: posts.more,
    photos: photos.count,
    thumbnails: photos.thumbnails,
    events: events.values.slice(0, DIGEST_MAX_EVENTS),
    moreEvents: Math.max(0, events.values.length - DIGEST_MAX_EVENTS),
  };
}

const cached = <T>(map: Map<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> => {
  let value = map.get(key);
  if (!value) map.set(key, value = read());
  return value;
};

const teamOf = (run: Run, teamId: string) => cached(run.teams, teamId, () => getTeam(run.kv, teamId));

const weekOf = (run: Run, team: Team, lang: Language) =>
  cached(run.weeks, `${team.id} ${lang}`, () => readTeamWeek(run.kv, team, run.now, lang));

/** The digest's texts in `lang` (the catalogue's `mail.digest`). */
const textsOf = (lang: Language) => messagesFor(lang).mail.digest;

function postLine({ post, author, playerName }: TeamWeek["posts"][number], lang: Language): string {
  const t = textsOf(lang);
  const kind = post.postType === "kudos"
    ? format(lang, playerName ? t.kudosTo : t.kudos, { author, player: playerName ?? "" })
    : format(lang, post.postType === "advice" ? t.advice : t.news, { author });
  return `${kind}: ${excerpt(post.content)}`;
}

/**
 * An event as the widget words it, on one line: 'CANCELLED: Game vs Hawks — Sat, Mar 14 · 9:00 AM –
 * 10:30 AM ET, Field 3'. The type and opponent are added only when the title does not already say them.
 */
export function eventLine(event: TeamEvent, now: Date, zone: string, lang: Language = DEFAULT_LANGUAGE): string {
  const t = textsOf(lang);
  const type = event.eventType === "game" || event.eventType === "practice"
    ? t.eventTypes[event.eventType]
    : t.eventTypes.event;
  const says = (words: string) => event.title.toLowerCase().includes(words.toLowerCase());
  const opponent = event.opponent && !says(event.opponent)
    ? format(lang, event.isHome === false ? t.away : t.home, { opponent: event.opponent })
    : null;
  const title = `${isCancelled(event.status) ? `${t.cancelled} ` : ""}${event.title}${says(type) ? "" : ` (${type})`}`;
  // Dates, not 'Tomorrow': the mail may be read on Monday.
  const when = `${formatEventWhen(event, now, zone, false, lang)} ${eventZoneLabel(event, zone).short}`;
  return [`${title} — ${when}`, opponent, event.location].filter(Boolean).join(", ");
}

/** When a campaign opened: published, or created if later (or with no publishing time). */
const openedAt = (campaign: ActiveCampaign) =>
  Math.max(Date.parse(campaign.createdAt), campaign.publishAt ? Date.parse(campaign.publishAt) : 0);

/**
 * One team's part of the mail, or null when nothing happened there: open campaigns alone count
 * only when one of them opened this week. `images` are the `src` (a `cid:`) of each thumbnail
 * the mail carries, in order; the rest are only counted.
 */
function teamBlocks(
  week: TeamWeek,
  campaigns: ActiveCampaign[],
  images: string[],
  now: Date,
  lang: Language,
): NotificationBlock[] | null {
  const t = textsOf(lang);
  const since = now.getTime() - DIGEST_DAYS * DAY_MS;
  const newCampaign = campaigns.some((c) => openedAt(c) >= since);
  const happened = week.posts.length > 0 || week.photos > 0 || week.events.length > 0 || newCampaign;
  if (!happened) return null;
  const blocks: NotificationBlock[] = [];
  if (week.posts.length > 0) {
    blocks.push({ paragraph: t.posts }, {
      list: [
        ...week.posts.map((p) => ({ text: postLine(p, lang) })),
        ...(week.morePosts > 0 ? [{ text: format(lang, t.more, { count: week.morePosts }), note: true }] : []),
      ],
    });
  }
  if (week.photos > 0) {
    blocks.push({ paragraph: format(lang, t.photos, { count: week.photos }) });
    if (images.length > 0) {
      blocks.push({
        images: images.map((src, i) => ({ src, alt: thumbnailAlt(week.thumbnails[i], week.zone, lang) })),
      });
    }
  }
  if (week.events.length > 0) {
    blocks.push({ paragraph: t.comingUp }, {
      list: [
        ...week.events.map((e) => ({ text: eventLine(e, now, week.zone, lang) })),
        ...(week.moreEvents > 0 ? [{ text: format(lang, t.more, { count: week.moreEvents }), note: true }] : []),
      ],
    });
  }
  if (campaigns.length > 0) {
    const types: Record<string, string> = t.campaignTypes;
    blocks.push({ paragraph: t.waiting }, {
      list: campaigns.slice(0, DIGEST_MAX_CAMPAIGNS).map((c) => ({
        text: `${types[c.type] ?? t.campaign}: ${c.title}`,
      })),
    });
  }
  return [{ heading: week.team.name }, ...blocks];
}

/** The mail for a person's teams with something in them (in the order given), or null for an empty week. */
async function digestMail(
  run: Run,
  user: { id: string; firstName: string; email: string; language?: Language },
  teams: Team[],
): Promise<OutgoingMail | null> {
  const lang = user.language ?? DEFAULT_LANGUAGE;
  const t = textsOf(lang);
  const parts: { team: Team; blocks: NotificationBlock[] }[] = [];
  const inlineImages: InlineImageRef[] = [];
  for (const team of teams) {
    const [week, campaigns] = await Promise.all([
      weekOf(run, team, lang),
      listActiveCampaigns(run.kv, team.id, user.id, run.now, { limit: CAMPAIGNS_READ }),
    ]);
    // Each thumbnail's Content-ID, unique within the mail; taken only if the team's part is in it.
    const room = Math.max(0, DIGEST_MAX_IMAGES - inlineImages.length);
    const images = week.thumbnails.slice(0, room).map((thumb, i) => ({
      cid: `photo-${inlineImages.length + i + 1}@digest.goalmates`,
      ref: thumb.ref,
    }));
    const blocks = teamBlocks(week, campaigns.values, images.map((image) => `cid:${image.cid}`), run.now, lang);
    if (!blocks) continue;
    parts.push({ team, blocks });
    inlineImages.push(...images);
  }
  if (parts.length === 0) return null;
  const names = parts.map((p) => p.team.name);
  const base = run.appUrl.replace(/\/+$/, "");
  const action = parts.length === 1
    ? {
      label: format(lang, t.openTeam, { team: names[0] }),
      url: `${base}/family-dashboard/${encodeURIComponent(parts[0].team.id)}`,
    }
    : { label: messagesFor(lang).mail.notification.openGoalMates, url: `${base}/home` };
  const mail = notificationMail({
    kind: "weeklyDigest",
    userId: user.id,
    to: { name: user.firstName || undefined, address: user.email },
    appUrl: run.appUrl,
    subject: digestSubject(names, lang),
    greeting: greetingIn(lang, user.firstName || undefined),
    blocks: [{ paragraph: format(lang, t.intro, { teams: namesIn(lang, names) }) }, ...parts.flatMap((p) => p.blocks)],
    action,
    teamNames: teams.map((team) => team.name),
    lang,
  });
  return inlineImages.length > 0 ? { ...mail, inlineImages } : mail;
}

type PersonOutcome = "sent" | "off" | "not-due" | "done" | "empty" | "gone";

/** One person's digest of the week, if it is due, wanted, not sent yet and not empty. */
async function digestFor(run: Run, userId: string): Promise<PersonOutcome> {
  const { kv } = run;
  const memberships: Membership[] = await listMemberships(kv, userId);
  const teams = (await Promise.all(memberships.map((m) => teamOf(run, m.teamId))))
    .filter((team): team is Team => team !== null);
  const homeId = homeTeamId(memberships.filter((m) => teams.some((t) => t.id === m.teamId)));
  const home = teams.find((t) => t.id === homeId);
  if (!home) return "gone";
  const zone = digestZone(home);
  if (!run.anyTime && !isDigestTime(run.now, zone)) return "not-due";
  if (!(await getNotificationPreferences(kv, userId)).weeklyDigest) return "off";
  const entry = await getWeeklyDigestEntry(kv, userId, digestWeek(run.now, zone));
  if (entry.versionstamp !== null) return "done";
  const user = await getUser(kv, userId);
  if (!user) return "gone";
  // The team they joined first leads, the others by name.
  const ordered = [home, ...teams.filter((t) => t !== home).sort((a, b) => a.name.localeCompare(b.name))];
  const mail = await digestMail(run, user, ordered);
  if (!mail) return "empty";
  const op = stageWeeklyDigest(beginChange(kv), entry, { sentAt: run.now.toISOString() });
  stageMail(op, mail, run.now);
  // A failed check: another instance (or an earlier run) sent this week's digest meanwhile.
  return (await commitChange(op)).ok ? "sent" : "done";
}

/** Runs `work` over `items`, `CONCURRENCY` at a time. */
async function eachLimited<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, lane));
}

/** The team's members not seen yet in this run (every page). */
async function newMembersOf(run: Run, teamId: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor = "";
  do {
    const page = await listTeamMembers(run.kv, teamId, { cursor: cursor || undefined, limit: 500 });
    for (const m of page.values) {
      if (!run.seen.has(m.userId)) {
        run.seen.add(m.userId);
        ids.push(m.userId);
      }
    }
    cursor = page.cursor;
  } while (cursor);
  return ids;
}

/**
 * Sends the digests that are due: at `now` on each person's clock (the cron), or everyone's
 * (`anyTime`, the development call). Never twice for one person's week. A person whose digest
 * failed is logged and tried again by the next run (their zone is not marked done).
 */
export async function runWeeklyDigests(kv: Deno.Kv, options: WeeklyDigestOptions): Promise<WeeklyDigestRun> {
  const now = options.now ?? new Date();
  const anyTime = options.anyTime === true;
  const result: WeeklyDigestRun = { sent: 0, people: 0, failed: 0 };
  if (!anyTime && !someZoneMayBeDue(now)) return result;
  const run: Run = { kv, appUrl: options.appUrl, now, anyTime, teams: new Map(), weeks: new Map(), seen: new Set() };

  // The teams to visit: all (anyTime), or those whose zone is due and not done yet this week.
  const due: Team[] = [];
  const zones = new Map<string, { week: string; done: boolean; failed: boolean }>();
  let cursor = "";
  do {
    const page = await listTeams(kv, { cursor: cursor || undefined, limit: 500 });
    for (const team of page.values) {
      run.teams.set(team.id, Promise.resolve(team));
      const zone = digestZone(team);
      if (!anyTime && !zones.has(zone) && isDigestTime(now, zone)) {
        zones.set(zone, { week: digestWeek(now, zone), done: false, failed: false });
      }
      if (anyTime || zones.has(zone)) due.push(team);
    }
    cursor = page.cursor;
  } while (cursor);
  const dueZones = [...zones];
  const done = await weeklyDigestZonesDone(kv, dueZones.map(([zone, { week }]) => ({ zone, week })));
  dueZones.forEach(([, state], i) => state.done = done[i]);

  for (const team of due) {
    const zone = zones.get(digestZone(team));
    if (zone?.done) continue;
    const people = await newMembersOf(run, team.id);
    result.people += people.length;
    await eachLimited(people, async (userId) => {
      try {
        if (await digestFor(run, userId) === "sent") result.sent++;
      } catch (error) {
        result.failed++;
        if (zone) zone.failed = true;
        console.error(`[notifications] the weekly digest of ${userId} failed:`, errorText(error));
      }
    });
  }
  for (const [zone, state] of dueZones) {
    if (!state.done && !state.failed) await markWeeklyDigestZoneDone(kv, zone, state.week, now);
  }
  return result;
}

/** The cron's job: the digests due now, logged as a job run; a failure is logged, not thrown at the cron. */
export async function weeklyDigestJob(kv: Deno.Kv, appUrl: string, now = new Date()): Promise<void> {
  await runLoggedJob("notifications.weekly_digest", () => runWeeklyDigests(kv, { appUrl, now }), (r) => ({ ...r }))
    .catch(() => {}); // Logged; the next run tries again (zones not marked done).
}
