/**
 * The edit-player form's rules (SPEC.md section 5), dependency-free so the edit page island
 * and the server check the same things with the same words.
 */
import { cleanText, parseJerseyInput } from "../text.ts";

export const PLAYER_MESSAGES = {
  firstName: "First name is required",
  lastName: "Last name is required",
  jersey: "Jersey number must be between 0 and 99",
  photoUrl: "Please enter a valid URL",
  photoElsewhere: "Please use a photo uploaded to GoalMates",
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  unknownField: (name: string) => `Unknown field: ${name}`,
  body: "Please send the player as a JSON object",
} as const;

export const MAX_PLAYER_NAME_LENGTH = 50;
export const MAX_POSITION_LENGTH = 30;

export interface PlayerEdit {
  firstName: string;
  lastName: string;
  jerseyNumber: number;
  position: string | null;
  photoUrl: string | null;
}

const EDIT_FIELDS = ["firstName", "lastName", "jerseyNumber", "position", "photoUrl"];

export type PlayerEditCheck =
  | { ok: true; value: PlayerEdit }
  | { ok: false; message: string; fields: Record<string, string> };

const text = (value: unknown) => typeof value === "string" ? cleanText(value) : "";

/**
 * Photos are shown from this site only (the page's CSP allows no other image host, and a
 * foreign host would learn who looks at a child's photo): a path under /objects/, or a URL
 * on `appOrigin`.
 */
function photoProblem(value: string, appOrigin: string): string | null {
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

/** Checks the edit form's body: every field's message, the first as the summary. */
export function checkPlayerEdit(body: unknown, appOrigin: string): PlayerEditCheck {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, message: PLAYER_MESSAGES.body, fields: {} };
  }
  const raw = body as Record<string, unknown>;
  const unknown = Object.keys(raw).find((k) => !EDIT_FIELDS.includes(k));
  if (unknown) return { ok: false, message: PLAYER_MESSAGES.unknownField(unknown), fields: {} };
  const fields: Record<string, string> = {};
  const firstName = text(raw.firstName);
  const lastName = text(raw.lastName);
  const position = text(raw.position);
  const photoUrl = text(raw.photoUrl);
  const jerseyNumber = parseJerseyInput(raw.jerseyNumber);
  if (!firstName) fields.firstName = PLAYER_MESSAGES.firstName;
  else if (firstName.length > MAX_PLAYER_NAME_LENGTH) {
    fields.firstName = PLAYER_MESSAGES.tooLong("First name", MAX_PLAYER_NAME_LENGTH);
  }
  if (!lastName) fields.lastName = PLAYER_MESSAGES.lastName;
  else if (lastName.length > MAX_PLAYER_NAME_LENGTH) {
    fields.lastName = PLAYER_MESSAGES.tooLong("Last name", MAX_PLAYER_NAME_LENGTH);
  }
  if (jerseyNumber < 0 || jerseyNumber > 99) fields.jerseyNumber = PLAYER_MESSAGES.jersey;
  if (position.length > MAX_POSITION_LENGTH) fields.position = PLAYER_MESSAGES.tooLong("Position", MAX_POSITION_LENGTH);
  const photo = photoProblem(photoUrl, appOrigin);
  if (photo) fields.photoUrl = photo;
  const first = Object.values(fields)[0];
  if (first) return { ok: false, message: first, fields };
  return {
    ok: true,
    value: { firstName, lastName, jerseyNumber, position: position || null, photoUrl: photoUrl || null },
  };
}
