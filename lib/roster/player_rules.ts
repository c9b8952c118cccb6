/**
 * The player forms' words and limits (SPEC.md section 5): the parent's edit form and the team
 * admin's add and edit forms. The rules themselves are in `player_schema.ts`.
 * Dependency-free, so the islands show the same words as the server.
 */

export const MAX_PLAYER_NAME_LENGTH = 50;
export const MAX_POSITION_LENGTH = 30;
export const MAX_JERSEY = 99;
export const MIN_BIRTH_YEAR = 1990;
export const MAX_YEARS_PLAYING = 30;
export const MAX_STAT = 999;

export const PLAYER_MESSAGES = {
  firstName: "First name is required",
  lastName: "Last name is required",
  jersey: "Jersey number must be between 0 and 99",
  position: "Position must be text",
  photoUrl: "Please enter a valid URL",
  photoElsewhere: "Please use a photo uploaded to GoalMates",
  photoThroughDialog: "To change or remove the photo, use Change photo.",
  birthYear: (maxYear: number) => `Birth year must be between ${MIN_BIRTH_YEAR} and ${maxYear}`,
  yearsPlaying: "Years playing must be between 0 and 30",
  stats: "Games, goals and assists must be whole numbers from 0 to 999",
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  unknownField: (name: string) => `Unknown field: ${name}`,
  body: "Please send the player as a JSON object",
} as const;

/**
 * Photos are shown from this site only (the page's CSP allows no other image host, and a
 * foreign host would learn who looks at a child's photo): a path under /objects/, or a URL
 * on `appOrigin`. Null when `value` is fine ("" is: no photo).
 */
export function photoProblem(value: string, appOrigin: string): string | null {
  if (value === "") return null;
  let url: URL;
  try {
    url = new URL(value, appOrigin);
  } catch {
    return PLAYER_MESSAGES.photoUrl;
  }
  if (!/^https?:$/.test(url.protocol) || (!value.startsWith("/") && !/^https?:\/\//i.test(value))) {
    return PLAYER_MESSAGES.photoUrl;
  }
  return url.origin === appOrigin && url.pathname.startsWith("/objects/") ? null : PLAYER_MESSAGES.photoElsewhere;
}
