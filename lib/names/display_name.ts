/**
 * How a person of a team is named to the other members (on posts, essentials, photos and family
 * cards): their current name, else their relation to the team. Never their e-mail: a parent who
 * joined through a claim or an invite has no name until they set one, and an address reaches
 * only the team's admins and the person themselves. Pure, on the server (it reads the catalogue).
 */
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";
import { DEFAULT_LANGUAGE, type Language } from "../i18n/languages.ts";

/** What the rule knows of a person of the team (read when shown, never a stored copy). */
export interface NamedMember {
  /** The account's current name; absent when there is no account (a team's shared login). */
  firstName?: string;
  lastName?: string;
  /** Their role in the team, when they have one. */
  role?: "TEAM_ADMIN" | "TEAM_STANDARD" | "PLAYER" | null;
  /** A player account's own first name (its roster record). */
  playerFirstName?: string | null;
  /** The first name of their first child on the team (the guardian links, in roster order). */
  childFirstName?: string | null;
}

/** The names of the nameless, in `lang` (the catalogue's `memberNames`). */
const textsIn = (lang: Language) => messagesFor(lang).memberNames;

/** "First Last" as the person set it; empty when they set none. */
export const ownName = (member: Pick<NamedMember, "firstName" | "lastName">): string =>
  `${member.firstName?.trim() ?? ""} ${member.lastName?.trim() ?? ""}`.trim();

/**
 * The name shown: their own; without one, a player their first name, a parent "Leo's parent"
 * (their first child), a team admin "Team admin", anyone else "A team member", in `lang`.
 */
export function memberDisplayName(member: NamedMember, lang: Language = DEFAULT_LANGUAGE): string {
  const name = ownName(member);
  if (name) return name;
  const playerName = member.playerFirstName?.trim();
  if (member.role === "PLAYER" && playerName) return playerName;
  const texts = textsIn(lang);
  const child = member.childFirstName?.trim();
  if (child) return format(lang, texts.parentOf, { child });
  if (member.role === "TEAM_ADMIN") return texts.teamAdmin;
  return texts.member;
}
