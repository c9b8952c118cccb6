/**
 * What a calendar entry's title says about it: a game (and against whom, home or away), a
 * practice, or anything else. Schedule apps put this only in the free-text SUMMARY, in their
 * own styles: TeamSnap 'Game vs. Hawks', '@ Tigers', 'Game: Lions vs. Hawks'; PlayMetrics
 * 'U10 Girls Practice', 'U10 Girls vs FC Dallas'; people typing 'Hawks vs Tigers' or 'Game at
 * Hawks'. Pure: no server code.
 */
import type { FeedEvent } from "./types.ts";

export interface DerivedEventDetails {
  eventType: FeedEvent["eventType"];
  opponent: string | null;
  /** True for a home game, false for an away one, null when the title does not say. */
  isHome: boolean | null;
}

const MAX_TITLE_READ = 300;

const PRACTICE_WORDS = /\b(practices?|practise|training|trainings|workout|conditioning|drills)\b/i;
const GAME_WORDS = /\b(games?|match|matches|scrimmages?|tournaments?|tourney|friendly|playoffs?|jamboree|showcase)\b/i;
/**
 * Team life that is neither: their titles often use '@' or 'at' for a place ('Team party @
 * Joe's'), which must not turn them into away games.
 */
const OTHER_WORDS =
  /\b(party|meeting|pictures?|photos?|dinner|banquet|fundraiser|celebration|tryouts?|registration|social|bbq|potluck|picnic|carpool|volunteers?|ceremony)\b/i;

/** 'vs', 'vs.', 'v.', 'versus', or a lone ' v ' between two names. */
const VERSUS = /^(.*?)(?:^|\s)(?:vs\.?|v\.|versus|v(?=\s))(?:\s+|$)(.*)$/i;
const AT_SIGN = /^(.*?)\s*@\s*(.*)$/;
const AT_WORD = /^(.*?)(?:^|\s)at\s+(.*)$/i;

/** Words a title puts before the sides that name no team ('Game:', 'Home Game -', 'Scrimmage'). */
const GENERIC_SIDE =
  /^(?:(?:home|away|league|cup|regular season|season|friendly|playoff|tournament)\s*)?(?:game|match|scrimmage|fixture)?$/i;
const HOME_MARK = /(?:\(\s*home\s*\)|\[\s*h\s*\]|^\s*home\b)/i;
const AWAY_MARK = /(?:\(\s*away\s*\)|\[\s*a\s*\]|^\s*away\b)/i;

/** Where a side's name stops: a location, a note or a field after it ('Hawks - Field 3', 'Hawks (Away)'). */
const SIDE_END = /\s+(?:-|–|—|\||at|@)\s+|\s*[([,|]/i;

function cleanSide(side: string): string {
  return side.replace(/^[\s:\-–—|]+/, "").replace(/[\s:\-–—|.]+$/, "").trim();
}

/** The opponent's name as written after 'vs' or '@': up to a location or a note, without trailing punctuation. */
function opponentName(text: string): string | null {
  const name = cleanSide(text.split(SIDE_END)[0] ?? "");
  return name ? name : null;
}

/** The left side without a leading 'Game:'-style label, or "" when it names no team. */
function leftSide(text: string): string {
  const withoutLabel = cleanSide(text.replace(/\(\s*(home|away)\s*\)|\[\s*[ha]\s*\]/gi, ""));
  const label = /^(.*?\b(?:game|match|scrimmage|fixture)\b)\s*[:\-–—]\s*(.*)$/i.exec(withoutLabel);
  const side = label ? label[2] : withoutLabel;
  // 'Game', 'Home Game' or 'Indoor league game' label the entry; they name no team.
  return GENERIC_SIDE.test(side.trim()) || /\b(?:game|match|scrimmage|fixture)$/i.test(side.trim())
    ? ""
    : cleanSide(side);
}

const comparable = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();

/** Whether a side of the title is the team itself ('Lions' in 'Lions vs Hawks' for the team 'Lions U10'). */
function isTeam(side: string, teamName: string | undefined): boolean {
  if (!teamName) return false;
  const [a, b] = [comparable(side), comparable(teamName)];
  if (a.length < 3 || b.length < 3) return a === b && a !== "";
  return a === b || a.includes(b) || b.includes(a);
}

interface Sides {
  left: string;
  right: string;
  /** 'vs' lists the home side first; '@' and 'at' list the away side first. */
  leftIsHome: boolean;
}

function splitSides(title: string, gameContext: boolean): Sides | null {
  const versus = VERSUS.exec(title);
  if (versus) return { left: versus[1], right: versus[2], leftIsHome: true };
  const at = AT_SIGN.exec(title) ?? (gameContext || /^\s*at\s/i.test(title) ? AT_WORD.exec(title) : null);
  if (at) return { left: at[1], right: at[2], leftIsHome: false };
  return null;
}

/**
 * The type, opponent and home/away of an entry from its title (and its CATEGORIES, which win
 * for the type when they name one). A practice or a team-life entry has no opponent. With
 * `teamName`, 'Hawks vs Tigers' reads from the team's side; without it the team's side is
 * unknown, the opponent is the name after 'vs' or '@', and home/away is null unless the title
 * marks it.
 */
export function deriveEventDetails(summary: string, categories: string[] = [], teamName?: string): DerivedEventDetails {
  // A title is short; a longer text (untrusted) would only make the patterns below slow.
  const title = summary.slice(0, MAX_TITLE_READ).replace(/\s+/g, " ").trim();
  const categoryText = categories.join(" ").slice(0, MAX_TITLE_READ);
  const categoryType: FeedEvent["eventType"] | null = GAME_WORDS.test(categoryText)
    ? "game"
    : PRACTICE_WORDS.test(categoryText)
    ? "practice"
    : null;

  if (categoryType === "practice" || (!categoryType && PRACTICE_WORDS.test(title))) {
    return { eventType: "practice", opponent: null, isHome: null };
  }
  const gameWord = categoryType === "game" || GAME_WORDS.test(title);
  if (!gameWord && OTHER_WORDS.test(title)) return { eventType: "other", opponent: null, isHome: null };

  const markedHome = HOME_MARK.test(title) ? true : AWAY_MARK.test(title) ? false : null;
  const sides = splitSides(title, gameWord);
  const opponentSide = sides ? opponentName(sides.right) : null;
  if (!sides || !opponentSide) {
    return { eventType: gameWord ? "game" : "other", opponent: null, isHome: gameWord ? markedHome : null };
  }

  const left = leftSide(sides.left);
  if (left && isTeam(opponentSide, teamName) && !isTeam(left, teamName)) {
    // The team is the second side: the first one is the opponent.
    return { eventType: "game", opponent: left, isHome: markedHome ?? !sides.leftIsHome };
  }
  const teamFirst = !left || isTeam(left, teamName);
  return { eventType: "game", opponent: opponentSide, isHome: markedHome ?? (teamFirst ? sides.leftIsHome : null) };
}
