/**
 * The activity log in words: each audit entry as a sentence ("Dana Reyes approved Leo Park's
 * claim by Maria Park."), made when it is shown from its action, its detail and the names the
 * records carry now. The log stores codes and ids (lib/db/audit.ts); people read sentences. Pure:
 * the loader (activity.ts) looks the names up, components may import this file.
 */
import type { AuditEntry } from "../db/audit.ts";
import { type Catalog, messagesFor } from "../i18n/catalog.ts";

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

/** Field names a detail lists, in words (any other camelCase name is split into words). */
const FIELD_WORDS: Record<string, string> = {
  name: "team name",
  orgName: "organization",
  openClaims: "open claims",
  allowSurnameFallback: "claims by surname",
  showPhotos: "photos on the public roster",
  showPositions: "positions on the public roster",
  showParentNames: "parent names on the public roster",
  showLastNames: "full last names on the public roster",
  allowedEmailDomains: "allowed e-mail domains",
  stats: "season stats",
};

const fieldWords = (list: string) =>
  list.split(",").map((f) => f.trim()).filter(Boolean).map((f) =>
    FIELD_WORDS[f] ?? f.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase()
  ).join(", ");

/** "Leo Park" → "Leo Park's"; "James" → "James'". */
const possessive = (name: string) => name.endsWith("s") ? `${name}'` : `${name}'s`;

/** A player change's detail starts with the player as they were then ("Leo Park #7"). */
const PLAYER_DETAIL = /^(.+?) #(\d+)(.*)$/s;

/** The player named by the entry: their current name, else as the detail recorded them. */
function playerOf(entry: AuditEntry, names: EntryNames): string {
  if (names.player) return names.player;
  const recorded = PLAYER_DETAIL.exec(entry.detail);
  return recorded ? recorded[1] : "a removed player";
}

const CAMPAIGN_DETAIL = /^(\w+)(?: "(.*)")? (created|activated|deactivated|deleted)$/s;

function campaignSentence(actor: string, detail: string): string {
  const match = CAMPAIGN_DETAIL.exec(detail);
  if (!match) return `${actor} changed a campaign.`;
  const [, type, title, what] = match;
  const kind = type.replace(/_/g, " ");
  // Global campaigns record no title (they outlive every team).
  const which = title === undefined ? `a global ${kind}` : `the ${kind} "${title}"`;
  return `${actor} ${what} ${which}.`;
}

function claimSentence(entry: AuditEntry, names: EntryNames, approved: boolean): string {
  const verb = approved ? "approved" : "denied";
  const claimant = names.claimant ?? "someone";
  const player = names.player ?? recordedClaimPlayer(entry.detail);
  if (entry.action.startsWith("join-request.")) {
    const as = player ? (names.asPlayer ? player : `a parent of ${player}`) : "a member";
    return `${names.actor} ${verb} ${possessive(claimant)} request to join as ${as}.`;
  }
  return player
    ? `${names.actor} ${verb} ${possessive(player)} claim by ${claimant}.`
    : `${names.actor} ${verb} a claim by ${claimant} that named no single player.`;
}

/** The player a decision's detail recorded ("x@y as a parent of Leo Park", "x@y for Leo Park"). */
function recordedClaimPlayer(detail: string): string | null {
  const match = / (?:as a parent of|as|for) (.+)$/.exec(detail);
  return match && match[1] !== "an unmatched player" ? match[1] : null;
}

/** One entry as a sentence, with the names as they are now. */
export function activitySentence(entry: AuditEntry, names: EntryNames): string {
  const { actor } = names;
  const detail = entry.detail.trim();
  switch (entry.action) {
    case "claim.approved":
    case "join-request.approved":
      return claimSentence(entry, names, true);
    case "claim.denied":
    case "join-request.denied":
      return claimSentence(entry, names, false);
    case "player.created":
      return `${actor} added ${playerOf(entry, names)} to the roster.`;
    case "player.updated": {
      const fields = PLAYER_DETAIL.exec(detail)?.[3].replace(/^:\s*/, "") ?? "";
      const what = fields && fields !== "no fields" ? ` (${fieldWords(fields)})` : "";
      return `${actor} changed ${possessive(playerOf(entry, names))} details${what}.`;
    }
    case "player.deleted": {
      const links = Number(/\((\d+) parent links? removed\)$/.exec(detail)?.[1] ?? 0);
      const parents = links > 0 ? `, with ${links === 1 ? "1 parent link" : `${links} parent links`}` : "";
      return `${actor} removed ${playerOf(entry, names)} from the roster${parents}.`;
    }
    case "players.imported":
      return `${actor} imported ${detail || "players"}.`;
    case "player.photo_changed":
      return `${actor} changed ${possessive(playerOf(entry, names))} photo.`;
    case "player.photo_removed":
      return `${actor} removed ${possessive(playerOf(entry, names))} photo.`;
    case "player.photo_consent":
      return detail.endsWith("withdrawn")
        ? `${actor} withdrew the yes to ${possessive(playerOf(entry, names))} photo on the public roster.`
        : `${actor} agreed to ${possessive(playerOf(entry, names))} photo on the public roster.`;
    case "parent-email.added":
      return `${actor} added ${detail} as a parent of ${playerOf(entry, names)}.`;
    case "admin.added":
      return `${actor} made ${names.person ?? (detail || "someone")} a team admin.`;
    case "admin.removed":
      return `${actor} removed ${names.person ?? "someone"} as a team admin.`;
    case "access.updated":
      return `${actor} set the team login's username to ${detail.replace(/^username /, "")}.`;
    case "settings.updated":
      return detail
        ? `${actor} changed the team settings: ${fieldWords(detail)}.`
        : `${actor} saved the team settings.`;
    case "calendar.added":
      return `${actor} connected the team calendar (${names.calendarType ?? detail}).`;
    case "calendar.removed":
      return `${actor} removed the team calendar.`;
    case "calendars.synced":
      return `${actor} synced the calendars that were due: ${detail}.`;
    case "campaign.created":
    case "campaign.updated":
    case "campaign.deleted":
      return campaignSentence(actor, detail);
    case "join-link.generated":
      return `${actor} generated a new invite link.`;
    case "post.deleted":
      return `${actor} deleted a ${detail.replace(/^(\w+) by /, "$1 post by ")}.`;
    case "photo.deleted":
      return `${actor} deleted a gallery ${detail}.`;
    case "team.deleted":
      return `${actor} deleted a team (${detail}).`;
    case "dev.signed-in-as":
      return `${actor} signed in as ${names.person ?? "an account"} with Dev Tools.`;
    default:
      return `${actor}: ${actionLabel(entry.action)}${detail ? ` (${detail})` : ""}.`;
  }
}

/** Actors that are the app itself rather than a person. */
const APP_ACTORS: Record<string, string> = { system: "GoalMates", demo: "The demo set-up", anonymous: "Someone" };

/**
 * Who acted, as the log records them, in words: an account by the name the loader found
 * (`personName`, else its e-mail), the team login by its username, the system administrator
 * by role and e-mail, the app's own work by what did it.
 */
export function actorName(actor: string, personName: string | null): string {
  if (actor.startsWith("team:")) return `The team login (${actor.slice("team:".length)})`;
  if (actor.startsWith("sysadmin:")) return `System administrator ${actor.slice("sysadmin:".length)}`;
  if (Object.hasOwn(APP_ACTORS, actor)) return APP_ACTORS[actor];
  return personName || actor || "Someone";
}
