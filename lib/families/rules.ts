/** The families domain's pure rules (shared by the server, the section and its island; the words are the catalogue's). */
import type { MemberType } from "./types.ts";

/** A player or parent who joined within this many days carries the 'New!' badge. */
export const NEW_MEMBER_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether someone who joined at `joinedAt` (ISO) is new at `now`. */
export function isNewMember(joinedAt: string | null | undefined, now: Date): boolean {
  const at = joinedAt ? Date.parse(joinedAt) : NaN;
  if (Number.isNaN(at)) return false;
  // A join stamped a moment after `now` (another instance's clock) is new too.
  return now.getTime() - at < NEW_MEMBER_DAYS * DAY_MS;
}

const RULES: [RegExp, string][] = [
  [/mid/, "MID"],
  [/goal|keeper|goalie/, "GK"],
  [/back|def|sweeper|stopper/, "DEF"],
  [/forward|striker|attack|wing|strike/, "FWD"],
];
const CODES: Record<string, string> = {
  gk: "GK",
  g: "GK",
  cb: "DEF",
  lb: "DEF",
  rb: "DEF",
  d: "DEF",
  sw: "DEF",
  lwb: "DEF",
  rwb: "DEF",
  cm: "MID",
  dm: "MID",
  cdm: "MID",
  am: "MID",
  cam: "MID",
  lm: "MID",
  rm: "MID",
  m: "MID",
  st: "FWD",
  cf: "FWD",
  lw: "FWD",
  rw: "FWD",
  f: "FWD",
  fw: "FWD",
};

/**
 * A position's abbreviation for a card: GK, DEF, MID or FWD from the usual names and codes
 * ("Goalkeeper", "Center Back", "Defensive Midfielder", "Striker", "CB"…); any other text its
 * first three letters in capitals; null without a position.
 */
export function positionAbbreviation(position: string | null | undefined): string | null {
  const text = (position ?? "").trim().toLowerCase();
  if (!text) return null;
  const code = CODES[text.replace(/[^a-z]/g, "")];
  if (code) return code;
  for (const [pattern, abbr] of RULES) if (pattern.test(text)) return abbr;
  const letters = text.replace(/[^\p{L}\p{N}]/gu, "");
  return letters ? [...letters].slice(0, 3).join("").toUpperCase() : null;
}

/** "Maya R.": first name and last initial. */
export function shortName(firstName: string, lastName: string): string {
  const initial = [...lastName.trim()][0];
  return initial ? `${firstName.trim()} ${initial.toUpperCase()}.`.trim() : firstName.trim();
}

/** Up to two initials for an avatar ("AR"); "?" without a name. */
export function initials(firstName: string, lastName: string): string {
  const letters = [[...firstName.trim()][0], [...lastName.trim()][0]].filter(Boolean).join("");
  return letters.toUpperCase() || "?";
}

export const memberKeyOf = (type: MemberType, id: string): string => `${type}:${id}`;

/** What the page's `?member=` asks for (a card opened without JavaScript). */
export interface OpenState {
  view: "players" | "parents";
  /** The member whose dialog is open ("player:<id>"), or null. */
  member: string | null;
  /** The Family Explorer is open at `member`. */
  explore: boolean;
}

const MEMBER = /^(explore:)?(player|parent):([A-Za-z0-9]{1,64})$/;

/**
 * Reads `?member=`: "players" or "parents" (the list shown), "player:<id>" or "parent:<id>"
 * (that member's dialog), "explore:<type>:<id>" (the Explorer at that member). Anything else is
 * the default: the players, nothing open.
 */
export function parseOpenMember(value: string | null | undefined): OpenState {
  if (value === "parents" || value === "players") return { view: value, member: null, explore: false };
  const match = MEMBER.exec(value ?? "");
  if (!match) return { view: "players", member: null, explore: false };
  return {
    view: match[2] === "parent" ? "parents" : "players",
    member: `${match[2]}:${match[3]}`,
    explore: Boolean(match[1]),
  };
}

/** The no-JavaScript links of the section (relative: the dashboard's own path). */
export const familyHref = {
  view: (view: "players" | "parents") => `?member=${view}#family`,
  member: (key: string) => `?member=${key}#family-dialog`,
  explore: (key: string) => `?member=explore:${key}#family-explorer`,
  /** Back to the list, at the card. */
  card: (key: string) => `?member=${key.startsWith("parent:") ? "parents" : "players"}#${cardId(key)}`,
};

/** The id of a card's link (a fragment target when a dialog closes without JavaScript). */
export const cardId = (key: string) => `family-card-${key.replace(":", "-")}`;

/** Index `step` places from `index` in a list of `length`, wrapping around at both ends. */
export function wrapIndex(index: number, step: number, length: number): number {
  if (length <= 0) return 0;
  return (((index + step) % length) + length) % length;
}

/** The swipe distance (px) that moves the Explorer (SPEC.md section 9: over 50 px). */
export const SWIPE_PX = 50;
