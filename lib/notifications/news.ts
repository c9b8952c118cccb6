/**
 * Team news by e-mail (issue 23, items 2 and 6): when a team admin posts news, every other member
 * of the team with "Team news" on gets it, at most one news mail per person per hour across all
 * their teams (lib/notifications/news_rule.ts); a burst is gathered into one mail.
 *
 * The post's own commit stages a fan-out record and its job (lib/db/news_fanouts.ts), so the
 * request stays fast and cannot fail because of mail, and a crash loses nothing. The fan-out hands
 * the post to the members page by page: each person's record (lib/db/news_batches.ts) is read, the
 * rule applied, and the record, the mail and the next job committed in one operation checked
 * against the record as read; the post is remembered there, so a fan-out run twice (a retry, a
 * second instance) mails no one twice. Each page ends with the fan-out's cursor committed checked
 * against the cursor read: the run that loses that race stops.
 */
import { getPost, type PostRecord } from "../db/posts.ts";
import { getTeams, type Team } from "../db/teams.ts";
import { getMembership, getMembershipEntry, getUser, getUsers, listTeamMembers, type User } from "../db/users.ts";
import {
  getNewsBatchEntry,
  isNewsBatchJob,
  listDueNewsBatchJobs,
  type NewsBatchJob,
  type NewsItem,
  reenqueueNewsBatchJob,
  stageNewsBatch,
  stageNewsBatchJob,
} from "../db/news_batches.ts";
import {
  getNewsFanoutEntry,
  isNewsFanoutJob,
  listDueNewsFanoutJobs,
  type NewsFanoutJob,
  stageNewsFanout,
  stageNewsFanoutCursor,
} from "../db/news_fanouts.ts";
import { beginChange, type Page } from "../db/kv.ts";
import { commitChange, CommitConflictError, commitOrConflict, retryOnConflict } from "../db/change.ts";
import { stageMail } from "../mail/mod.ts";
import type { OutgoingMail } from "../mail/types.ts";
import { greetingIn, namesIn } from "../mail/templates.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";
import { DEFAULT_LANGUAGE, type Language } from "../i18n/languages.ts";
import { clockTime, teamTimeZone, weekdayDate, zoneAbbreviation } from "../time_zone.ts";
import { getNotificationPreferences } from "./preferences.ts";
import { type NotificationBlock, notificationMail } from "./mail.ts";
import { addNews, newsDue, type NewsStep } from "./news_rule.ts";

export type { NewsBatchJob, NewsFanoutJob, NewsItem };

const ATTEMPTS = 10;
/** Members handed a post per commit of the fan-out's cursor. */
export const NEWS_FANOUT_PAGE = 50;

const itemKey = (item: NewsItem) => `${item.teamId}/${item.postId}`;

/**
 * For a post about to be committed: when it is news by a team admin of the team, a function that
 * adds its fan-out (record and job) to the post's commit, checked against the admin's membership
 * as read. Null for anything else: kudos, advice, news by anyone else (a shared login has no account).
 */
export async function newsAnnouncement(
  kv: Deno.Kv,
  teamId: string,
  post: Pick<PostRecord, "id" | "postType" | "authorId">,
  now: Date,
): Promise<((op: Deno.AtomicOperation) => void) | null> {
  if (post.postType !== "news" || post.authorId === null) return null;
  const membership = await getMembershipEntry(kv, post.authorId, teamId);
  if (membership.value?.role !== "TEAM_ADMIN") return null;
  return (op) => void stageNewsFanout(op.check(membership), teamId, post.id, now);
}

// ---- The mail

export interface NewsMailPost {
  teamId: string;
  authorFirstName: string;
  createdAt: string;
  content: string;
}

export interface NewsMailInput {
  /** `language`: the one their account chose; the mail is in it (English until they choose). */
  user: Pick<User, "id" | "firstName" | "email" | "language">;
  /** The teams of `posts`, in the order their posts come. */
  teams: Pick<Team, "id" | "name" | "settings">[];
  posts: NewsMailPost[];
  /** Posts beyond what the mail lists. */
  more: number;
  appUrl: string;
}

/** When a post was made, on its team's clock: 'Sat, Mar 14 · 5:30 PM ET'. */
export function newsPostTime(createdAt: string, zone: string, lang: Language = DEFAULT_LANGUAGE): string {
  const at = new Date(createdAt);
  return `${weekdayDate(at, zone, false, lang)} · ${clockTime(at, zone, lang)} ${zoneAbbreviation(zone, at)}`;
}

/** The subject: 'News from Lions U10', '3 news posts from Lions U10', 'News from Lions U10 and Tigers U12'. */
export function newsSubject(teamNames: string[], count: number, lang: Language = DEFAULT_LANGUAGE): string {
  const t = messagesFor(lang).mail.news;
  if (teamNames.length === 1 && count > 1) return format(lang, t.subjectCount, { count, team: teamNames[0] });
  return format(lang, t.subject, { teams: namesIn(lang, teamNames) });
}

/** One person's news mail (built with notificationMail, like every notification mail). */
export function newsMail(input: NewsMailInput): OutgoingMail {
  const lang = input.user.language ?? DEFAULT_LANGUAGE;
  const { news: t, notification } = messagesFor(lang).mail;
  const appUrl = input.appUrl.replace(/\/+$/, "");
  const names = input.teams.map((team) => team.name);
  const several = input.teams.length > 1;
  const blocks: NotificationBlock[] = [];
  for (const team of input.teams) {
    const zone = teamTimeZone(team);
    if (several) blocks.push({ heading: team.name });
    for (const post of input.posts.filter((p) => p.teamId === team.id)) {
      blocks.push({ paragraph: `${post.authorFirstName} · ${newsPostTime(post.createdAt, zone, lang)}` });
      blocks.push({ paragraph: post.content });
    }
  }
  if (input.more > 0) {
    const more = format(lang, several ? t.moreOnTeams : t.moreOnTeam, { count: input.more });
    blocks.push({ list: [{ text: more, note: true }] });
  }
  const only = input.teams[0];
  return notificationMail({
    kind: "teamNews",
    userId: input.user.id,
    to: { name: input.user.firstName || undefined, address: input.user.email },
    appUrl,
    subject: newsSubject(names, input.posts.length + input.more, lang),
    greeting: greetingIn(lang, input.user.firstName || undefined),
    blocks,
    action: several ? { label: notification.openGoalMates, url: `${appUrl}/home` } : {
      label: format(lang, t.openTeam, { team: only.name }),
      url: `${appUrl}/family-dashboard/${encodeURIComponent(only.id)}`,
    },
    teamNames: names,
    lang,
  });
}

// ---- Reading what a person's posts still are

interface NewsContext {
  posts: Map<string, PostRecord>;
  teams: Map<string, Team>;
  /** The teams the person is still a member of. */
  memberOf: Set<string>;
  wantsNews: boolean;
}

/** The posts, teams and memberships behind `items`, for deciding what still stands and writing the mail. */
async function readContext(kv: Deno.Kv, userId: string, items: NewsItem[]): Promise<NewsContext> {
  const teamIds = [...new Set(items.map((item) => item.teamId))];
  const [posts, teams, memberships, preferences] = await Promise.all([
    Promise.all(items.map((item) => getPost(kv, item.teamId, item.postId))),
    getTeams(kv, teamIds),
    Promise.all(teamIds.map((teamId) => getMembership(kv, userId, teamId))),
    getNotificationPreferences(kv, userId),
  ]);
  return {
    posts: new Map(items.flatMap((item, i) => posts[i] ? [[itemKey(item), posts[i]!] as const] : [])),
    teams: new Map(teams.filter((team): team is Team => team !== null).map((team) => [team.id, team])),
    memberOf: new Set(memberships.filter((m) => m !== null).map((m) => m!.teamId)),
    wantsNews: preferences.teamNews,
  };
}

/** A post still to mail: not deleted, its team still there, the person still in it and still wanting news. */
const liveIn = (context: NewsContext) => (item: NewsItem) =>
  context.wantsNews && context.posts.get(itemKey(item))?.postType === "news" && context.teams.has(item.teamId) &&
  context.memberOf.has(item.teamId);

async function stageNewsMail(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  user: User,
  mail: NonNullable<NewsStep["mail"]>,
  context: NewsContext,
  appUrl: string,
  now: Date,
) {
  const posts = mail.items.map((item) => context.posts.get(itemKey(item))!)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const teamIds = [...new Set(mail.items.map((item) => item.teamId))];
  const authorIds = [...new Set(posts.map((post) => post.authorId).filter((id): id is string => id !== null))];
  const authors = new Map((await getUsers(kv, authorIds)).filter((u) => u !== null).map((u) => [u!.id, u!]));
  const teamOf = new Map(mail.items.map((item) => [item.postId, item.teamId]));
  stageMail(
    op,
    newsMail({
      user,
      teams: teamIds.map((id) => context.teams.get(id)!),
      posts: posts.map((post) => ({
        teamId: teamOf.get(post.id)!,
        authorFirstName: authors.get(post.authorId ?? "")?.firstName ||
          messagesFor(user.language ?? DEFAULT_LANGUAGE).mail.news.someAdmin,
        createdAt: post.createdAt,
        content: post.content,
      })),
      more: mail.more,
      appUrl,
    }),
    now,
  );
}

// ---- Handing a post to one person

/** Adds a post to one person's news: mailed now, gathered for their job, or nothing when already handed over. */
async function addNewsFor(kv: Deno.Kv, user: User, item: NewsItem, appUrl: string, now: Date): Promise<void> {
  await retryOnConflict(async () => {
    const entry = await getNewsBatchEntry(kv, user.id);
    const context = await readContext(kv, user.id, [...entry.value?.items ?? [], item]);
    const step = addNews(entry.value, item, now.getTime(), liveIn(context));
    if (step === null) return;
    const op = stageNewsBatch(beginChange(kv), entry, step.next);
    if (step.mail) await stageNewsMail(kv, op, user, step.mail, context, appUrl, now);
    if (step.scheduleAt !== null) {
      stageNewsBatchJob(op, { type: "news-batch", userId: user.id, dueAt: step.scheduleAt }, step.scheduleAt - +now);
    }
    await commitOrConflict(op);
  }, { attempts: ATTEMPTS });
}

export type NewsFanoutOutcome = "done" | "gone" | "busy";

/** One page of the fan-out: its members handed the post, then the cursor moved (or the record removed). */
async function fanoutPage(
  kv: Deno.Kv,
  job: NewsFanoutJob,
  appUrl: string,
  now: Date,
): Promise<NewsFanoutOutcome | "more"> {
  const entry = await getNewsFanoutEntry(kv, job.teamId, job.postId);
  if (!entry.value) return "done";
  const fanout = entry as Deno.KvEntry<typeof entry.value>;
  const post = await getPost(kv, job.teamId, job.postId);
  if (!post) {
    await commitChange(stageNewsFanoutCursor(beginChange(kv), fanout, null));
    return "gone";
  }
  const page = await listTeamMembers(kv, job.teamId, { cursor: fanout.value.cursor, limit: NEWS_FANOUT_PAGE });
  const others = page.values.filter((m) => m.userId !== post.authorId);
  const [users, preferences] = await Promise.all([
    getUsers(kv, others.map((m) => m.userId)),
    Promise.all(others.map((m) => getNotificationPreferences(kv, m.userId))),
  ]);
  for (const [i, user] of users.entries()) {
    if (user && preferences[i].teamNews) {
      await addNewsFor(kv, user, { teamId: job.teamId, postId: job.postId }, appUrl, now);
    }
  }
  const moved = await commitChange(stageNewsFanoutCursor(beginChange(kv), fanout, page.cursor || null));
  if (!moved.ok) return "busy";
  return page.cursor ? "more" : "done";
}

/**
 * Hands a news post to the team's other members who want news, a page at a time; each page ends
 * with the cursor committed checked against the one read. "busy": another run moved it first (it
 * carries on); "gone": the post was deleted before it went out. Throws (the queue retries) when a
 * person's commit cannot settle.
 */
export async function runNewsFanoutJob(
  kv: Deno.Kv,
  job: NewsFanoutJob,
  appUrl: string,
  now = new Date(),
): Promise<NewsFanoutOutcome> {
  let outcome: NewsFanoutOutcome | "more";
  do outcome = await fanoutPage(kv, job, appUrl, now); while (outcome === "more");
  return outcome;
}

export type NewsBatchOutcome = "sent" | "nothing" | "stale" | "early" | "gone";

/**
 * Runs a person's job when their hour ends: one mail with the posts gathered since, leaving out
 * those deleted meanwhile and those of teams they left. Throws on a conflict it cannot settle, so
 * the queue retries it.
 */
export async function runNewsBatchJob(
  kv: Deno.Kv,
  job: NewsBatchJob,
  appUrl: string,
  now = new Date(),
): Promise<NewsBatchOutcome> {
  return await retryOnConflict(async (): Promise<NewsBatchOutcome> => {
    const entry = await getNewsBatchEntry(kv, job.userId);
    const context = await readContext(kv, job.userId, entry.value?.items ?? []);
    const step = newsDue(entry.value, job.dueAt, now.getTime(), liveIn(context));
    if (step === "stale") return "stale";
    if (step === "early") {
      // Queues deliver no earlier than asked, but another instance's clock may run behind.
      if (await reenqueueNewsBatchJob(kv, entry, job, job.dueAt - now.getTime())) return "early";
      throw new CommitConflictError();
    }
    const user = await getUser(kv, job.userId);
    if (!user) {
      await commitOrConflict(stageNewsBatch(beginChange(kv), entry, null));
      return "gone";
    }
    const op = stageNewsBatch(beginChange(kv), entry, step.next);
    if (step.mail) await stageNewsMail(kv, op, user, step.mail, context, appUrl, now);
    await commitOrConflict(op);
    return step.mail ? "sent" : "nothing";
  }, { attempts: ATTEMPTS });
}

// ---- Wiring (main.ts)

export const isNewsJob = (message: unknown): message is NewsFanoutJob | NewsBatchJob =>
  isNewsFanoutJob(message) || isNewsBatchJob(message);

/** Runs a news job from the queue (or the poll). */
export async function runNewsJob(
  kv: Deno.Kv,
  job: NewsFanoutJob | NewsBatchJob,
  appUrl: string,
  now = new Date(),
): Promise<void> {
  if (job.type === "news-fanout") await runNewsFanoutJob(kv, job, appUrl, now);
  else await runNewsBatchJob(kv, job, appUrl, now);
}

/** Without a queue: the fan-outs waiting (all due at once) and the people whose hour is up, for the poll. */
export const dueNewsJobs = (kv: Deno.Kv) => [
  (_now: number, page: { cursor: string; limit: number }): Promise<Page<NewsFanoutJob>> =>
    listDueNewsFanoutJobs(kv, page),
  (now: number, page: { cursor: string; limit: number }): Promise<Page<NewsBatchJob>> =>
    listDueNewsBatchJobs(kv, now, page),
];
