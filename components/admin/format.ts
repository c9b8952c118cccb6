/**
 * How the admin's lists write a claim: its date, who asked, what it points at and which player it
 * is for. Islands use it too, so it never loads the catalogue: pass the page's words with
 * `useI18n()` (`claimTarget(claim, useI18n())`).
 */
import type { AdminClaim } from "../../lib/teams/admin_views.ts";
import type { Catalog } from "../../lib/i18n/catalog.ts";
import { format } from "../../lib/i18n/format.ts";
import { DEFAULT_LANGUAGE, type Language } from "../../lib/i18n/languages.ts";

type ClaimLine = Catalog["adminCommon"]["claimLine"];

/** The words to write with: `useI18n()` in a component or island. */
export interface ClaimWords {
  m: { adminCommon: { claimLine: ClaimLine } };
  lang: Language;
}

const DATE_OPTIONS: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" };
const dateFormats = new Map<Language, Intl.DateTimeFormat>();

/** A stored ISO time as "Mar 5, 2026" ("5 mar 2026"): UTC, so every server renders the same text. */
export function formatDate(iso: string, lang: Language = DEFAULT_LANGUAGE): string {
  let formatter = dateFormats.get(lang);
  if (!formatter) {
    dateFormats.set(lang, formatter = new Intl.DateTimeFormat(lang === "en" ? "en-US" : lang, DATE_OPTIONS));
  }
  return formatter.format(new Date(iso));
}

/** Who asked: the parent's name when known, else the requester's name, else the e-mail. */
export function requesterOf(claim: AdminClaim): string {
  const requester = [claim.requesterFirstName, claim.requesterLastName].filter(Boolean).join(" ");
  return claim.parentName || requester || claim.email;
}

/** What the claim points at: the jersey number, or the surname it was made by. */
export function claimTarget(claim: AdminClaim, { m, lang }: ClaimWords): string {
  if (claim.mode === "surname") {
    return format(lang, m.adminCommon.claimLine.surname, { surname: claim.childSurname ?? "" }).trim();
  }
  return claim.jerseyNumber === null ? "—" : `#${claim.jerseyNumber}`;
}

export function claimKind(claim: AdminClaim, { m, lang }: ClaimWords): string {
  const line = m.adminCommon.claimLine;
  if (claim.kind !== "join") return line.claim;
  const userType = claim.userType === "player" ? line.userTypes.player : line.userTypes.parent;
  return format(lang, line.joinRequest, { userType });
}

/**
 * The player a claim is for, or why it needs the admin to pick one: the same words on the
 * dashboard and the claims page.
 */
export function matchedPlayer(claim: AdminClaim, { m, lang }: ClaimWords): string | null {
  if (claim.playerName) return claim.playerName;
  const count = claim.playerIds.length;
  return count > 1 ? format(lang, m.adminCommon.claimLine.possiblePlayers, { count }) : null;
}

/** No player matched: `noMatch(useI18n())` in the page's language. */
export const noMatch = ({ m }: ClaimWords): string => m.adminCommon.claimLine.noMatch;
