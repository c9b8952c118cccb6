/**
 * The activity log in words: each audit entry as a sentence ("Dana Reyes approved Leo Park's
 * claim by Maria Park."), made when it is shown from its action, its detail and the names the
 * records carry now. The log stores codes and ids (lib/db/audit.ts); people read sentences. Pure:
 * the loader (activity.ts) looks the names up, components may import this file.
 */
import type { AuditEntry } from "../db/audit.ts";
import { type Catalog, messagesFor } from "../i18n/catalog.ts";
import { format, type Message, type Params } from "../i18n/format.ts";
import { DEFAULT_LANGUAGE, type Language } from "../i18n/languages.ts";

/** What the loader found for one entry, read when it is shown (null: not found, or not about one). */
export interface EntryNames {
  /** Who acted: their current name, else their e-mail; the team login and the system administrator by role. */
  actor: string;
  /** The player the entry is about (a claim's, a player change's), by their current name. */
  player: string | null;
  /** A claim's or join request's sender: their account's current name, else the name they gave, else their e-mail. */
  claimant: string | null;
  /** A claim or join request entry: whether it asked to join as a player (else as a parent). */
  asPlayer: boolean;
  /** The account an entry is about (an admin added or removed, Dev Tools' sign-in), by current name. */
  person: string | null;
  /** A connected calendar's type in words ('TeamSnap', 'Calendar link (ICS)'), as its card names it. */
  calendarType: string | null;
}

/** The catalogue's words for the actions, by the action's two parts ("claim.approved": `claim` → `approved`). */
export type ActionWords = Catalog["sysadmin"]["home"]["activity"]["actions"];

/** An action's words in a language's `actions`; an action the list does not know, as it is written. */
export function actionWords(actions: ActionWords, action: string): string {
  const [group, name] = action.split(".");
  const words = (actions as Record<string, Record<string, string> | undefined>)[group];
  return (name !== undefined && Object.hasOwn(words ?? {}, name) ? words![name] : undefined) ?? action;
}

/** The filter's words for each action the app records, in English ("claim.approved" → "Claim approved"). */
export const ACTION_LABELS: Record<string, string> = Object.fromEntries(
  Object.entries(messagesFor("en").sysadmin.home.activity.actions).flatMap(([group, names]) =>
    Object.entries(names as Record<string, string>).map(([name, words]) => [`${group}.${name}`, words])
  ),
);

/** An action's words for the filter, in English (the page shows its own language's). */
export const actionLabel = (action: string): string => ACTION_LABELS[action] ?? action;

type Sentences = Catalog["sysadmin"]["home"]["activity"]["sentences"];

/** Field names a detail lists, in words (any other camelCase name is split into words). */
const fieldWords = (texts: Sentences, list: string) =>
  list.split(",").map((f) => f.trim()).filter(Boolean).map((f) =>
    (Object.hasOwn(texts.fields, f) ? texts.fields[f as keyof Sentences["fields"]] : undefined) ??
      f.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase()
  ).join(", ");

/** "Leo Park" → "Leo Park's"; "James" → "James'". */
const possessive = (name: string) => name.endsWith("s") ? `${name}'` : `${name}'s`;

/** How a sentence names whose thing it is: English's possessive; Spanish says "de {name}" in the sentence. */
const whoseIn = (lang: Language, name: string) => lang === "en" ? possessive(name) : name;

/** A player change's detail starts with the player as they were then ("Leo Park #7"). */
const PLAYER_DETAIL = /^(.+?) #(\d+)(.*)$/s;

/** The player named by the entry: their current name, else as the detail recorded them. */
function playerOf(entry: AuditEntry, names: EntryNames, texts: Sentences): string {
  if (names.player) return names.player;
  const recorded = PLAYER_DETAIL.exec(entry.detail);
  return recorded ? recorded[1] : texts.removedPlayer;
}

const CAMPAIGN_DETAIL = /^(\w+)(?: "(.*)")? (created|activated|deactivated|deleted)$/s;

function campaignSentence(lang: Language, texts: Sentences, actor: string, detail: string): string {
  const match = CAMPAIGN_DETAIL.exec(detail);
  if (!match) return format(lang, texts.campaignChanged, { actor });
  const [, type, title, what] = match as unknown as [
    string,
    string,
    string | undefined,
    keyof Sentences["campaignWhat"],
  ];
  const types = messagesFor(lang).campaigns.types as Record<string, string>;
  // English names the type in the sentence ("the poll"); Spanish after it, so its words are the catalogue's types.
  const kind = lang === "en" ? type.replace(/_/g, " ") : (types[type] ?? type).toLowerCase();
  const params = { actor, what: texts.campaignWhat[what], kind, title: title ?? "" };
  // Global campaigns record no title (they outlive every team).
  return format(lang, title === undefined ? texts.campaignGlobal : texts.campaignTitled, params);
}

function claimSentence(lang: Language, texts: Sentences, entry: AuditEntry, names: EntryNames, approved: boolean) {
  const verb = approved ? texts.approved : texts.denied;
  const claimant = names.claimant ?? texts.someone;
  const player = names.player ?? recordedClaimPlayer(entry.detail);
  const actor = names.actor;
  if (entry.action.startsWith("join-request.")) {
    const as = player ? (names.asPlayer ? player : format(lang, texts.asParentOf, { player })) : texts.aMember;
    return format(lang, texts.joinRequest, { actor, verb, whose: whoseIn(lang, claimant), as });
  }
  return player
    ? format(lang, texts.claim, { actor, verb, whose: whoseIn(lang, player), claimant })
    : format(lang, texts.claimNoPlayer, { actor, verb, claimant });
}

/** The player a decision's detail recorded ("x@y as a parent of Leo Park", "x@y for Leo Park"). */
function recordedClaimPlayer(detail: string): string | null {
  const match = / (?:as a parent of|as|for) (.+)$/.exec(detail);
  return match && match[1] !== "an unmatched player" ? match[1] : null;
}

/** One entry as a sentence in `lang`, with the names as they are now (`names.actor` from `actorName` in it). */
export function activitySentence(entry: AuditEntry, names: EntryNames, lang: Language = DEFAULT_LANGUAGE): string {
  const texts = messagesFor(lang).sysadmin.home.activity.sentences;
  const say = (message: Message, params: Params = {}) => format(lang, message, { actor: names.actor, ...params });
  const player = () => playerOf(entry, names, texts);
  const whose = () => whoseIn(lang, player());
  const detail = entry.detail.trim();
  switch (entry.action) {
    case "claim.approved":
    case "join-request.approved":
      return claimSentence(lang, texts, entry, names, true);
    case "claim.denied":
    case "join-request.denied":
      return claimSentence(lang, texts, entry, names, false);
    case "player.created":
      return say(texts.playerCreated, { player: player() });
    case "player.updated": {
      const fields = PLAYER_DETAIL.exec(detail)?.[3].replace(/^:\s*/, "") ?? "";
      const what = fields && fields !== "no fields" ? ` (${fieldWords(texts, fields)})` : "";
      return say(texts.playerUpdated, { whose: whose(), fields: what });
    }
    case "player.deleted": {
      const count = Number(/\((\d+) parent links? removed\)$/.exec(detail)?.[1] ?? 0);
      return say(texts.playerDeleted, {
        player: player(),
        links: count > 0 ? format(lang, texts.parentLinks, { count }) : "",
      });
    }
    case "players.imported": {
      // Recorded as "12 players from CSV" (lib/roster/import.ts).
      const count = /^(\d+) players? from CSV$/.exec(detail)?.[1];
      return count !== undefined
        ? say(texts.playersImported, { count: Number(count) })
        : say(texts.imported, { detail: detail || "—" });
    }
    case "player.photo_changed":
      return say(texts.photoChanged, { whose: whose() });
    case "player.photo_removed":
      return say(texts.photoRemoved, { whose: whose() });
    case "player.photo_consent":
      return say(detail.endsWith("withdrawn") ? texts.consentWithdrawn : texts.consentGiven, { whose: whose() });
    case "parent-email.added":
      return say(texts.parentEmailAdded, { email: detail, player: player() });
    case "admin.added":
      return say(texts.adminAdded, { person: names.person ?? (detail || texts.someone) });
    case "admin.removed":
      return say(texts.adminRemoved, { person: names.person ?? texts.someone });
    case "access.updated":
      return say(texts.loginUpdated, { username: detail.replace(/^username /, "") });
    case "settings.updated":
      return detail ? say(texts.settingsChanged, { fields: fieldWords(texts, detail) }) : say(texts.settingsSaved);
    case "calendar.added":
      return say(texts.calendarAdded, { type: names.calendarType ?? detail });
    case "calendar.removed":
      return say(texts.calendarRemoved);
    case "calendars.synced":
      return say(texts.calendarsSynced, { detail });
    case "campaign.created":
    case "campaign.updated":
    case "campaign.deleted":
      return campaignSentence(lang, texts, names.actor, detail);
    case "join-link.generated":
      return say(texts.linkGenerated);
    case "post.deleted": {
      // Recorded as "{postType} by {author}" (lib/feed/deletion.ts).
      const post = /^(\w+) by (.+)$/s.exec(detail);
      if (!post) return say(texts.deleted, { detail });
      const types = messagesFor(lang).feed.types as Record<string, { label: string } | undefined>;
      const type = lang === "en" ? post[1] : (types[post[1]]?.label ?? post[1]).toLowerCase();
      return say(texts.postDeleted, { type, author: post[2] });
    }
    case "photo.deleted": {
      // Recorded as "photo by {uploader}" (lib/photos/gallery.ts).
      const author = /^photo by (.+)$/s.exec(detail)?.[1];
      return author !== undefined ? say(texts.photoDeleted, { author }) : say(texts.deleted, { detail });
    }
    case "team.deleted":
      return say(texts.teamDeleted, { detail });
    case "dev.signed-in-as":
      return say(texts.signedInAs, { person: names.person ?? texts.anAccount });
    default: {
      const label = actionWords(messagesFor(lang).sysadmin.home.activity.actions, entry.action);
      return say(texts.other, { action: label, detail: detail ? ` (${detail})` : "" });
    }
  }
}

/**
 * Who acted, as the log records them, in words (in `lang`): an account by the name the loader
 * found (`personName`, else its e-mail), the team login by its username, the system
 * administrator by role and e-mail, the app's own work by what did it.
 */
export function actorName(actor: string, personName: string | null, lang: Language = DEFAULT_LANGUAGE): string {
  const texts = messagesFor(lang).sysadmin.home.activity.sentences;
  if (actor.startsWith("team:")) return format(lang, texts.teamLogin, { username: actor.slice("team:".length) });
  if (actor.startsWith("sysadmin:")) return format(lang, texts.sysadmin, { email: actor.slice("sysadmin:".length) });
  if (Object.hasOwn(texts.appActors, actor)) return texts.appActors[actor as keyof Sentences["appActors"]];
  return personName || actor || texts.appActors.anonymous;
}
