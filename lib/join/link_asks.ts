/**
 * 'Ask for a new link' on the page of an invite link that expired or was replaced: the team's
 * admins are told (batched with new requests, lib/claims/admin_digest.ts) who asked and at which
 * address, so they can send a fresh link. The asker learns nothing about the admins.
 */
import type { Team } from "../db/teams.ts";
import { consumeRateLimits } from "../db/rate_limits.ts";
import { ValidationError } from "../errors.ts";
import { cleanText, isValidEmail, normalizeEmail } from "../text.ts";
import type { Checked } from "../validation.ts";
import { tellTeamAdmins } from "../claims/mod.ts";
import { JOIN_MESSAGES } from "./rules.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";

const HOUR = 60 * 60 * 1000;
const MAX_NAME = 50;

const english = messagesFor("en").join.linkAsk;

/** In English (the catalogue's); the expired-link page puts them in the request's language. */
export const LINK_ASK_MESSAGES = {
  name: english.name,
  nameLength: format("en", english.nameLength, { max: String(MAX_NAME) }),
  email: JOIN_MESSAGES.email,
  sent: (email: string) => format("en", english.sent, { email }),
} as const;

export interface LinkAsk {
  name: string;
  email: string;
}

/** The ask form's fields: a name to know them by and an address for the new link. */
export function checkLinkAsk(raw: Record<string, unknown>): Checked<LinkAsk> {
  const fields: Record<string, string> = {};
  const typed = typeof raw.name === "string" ? raw.name : "";
  const name = typed.length > MAX_NAME * 4 ? typed : cleanText(typed);
  if (!name) fields.name = LINK_ASK_MESSAGES.name;
  else if (name.length > MAX_NAME) fields.name = LINK_ASK_MESSAGES.nameLength;
  if (!isValidEmail(raw.email)) fields.email = LINK_ASK_MESSAGES.email;
  const first = Object.values(fields)[0];
  if (first) return { ok: false, message: first, fields };
  return { ok: true, value: { name, email: normalizeEmail(raw.email as string) } };
}

/**
 * Passes the ask on to the team's admins. Counted per IP and per address and team, so the form
 * cannot be used to flood an admin (who also gets at most one mail every 15 minutes).
 */
export async function askForNewJoinLink(
  kv: Deno.Kv,
  team: Team,
  raw: Record<string, unknown>,
  ip: string,
  appUrl: string,
  now = new Date(),
): Promise<LinkAsk> {
  const checked = checkLinkAsk(raw);
  if (!checked.ok) throw new ValidationError(checked.message, checked.fields);
  const ask = checked.value;
  await consumeRateLimits(
    kv,
    [
      { bucket: "join-link-ask-ip", subject: ip, limit: 10, windowMs: HOUR },
      { bucket: "join-link-ask-email", subject: `${team.id}|${ask.email}`, limit: 3, windowMs: 24 * HOUR },
    ],
    JOIN_MESSAGES.rateLimited,
    now.getTime(),
  );
  await tellTeamAdmins(kv, team, { kind: "link", name: ask.name, email: ask.email, at: now.getTime() }, appUrl, now);
  return ask;
}
