/**
 * What a sign-in link grants, and for how long. Apart from `login.ts` so the modules that mail
 * such links (the fresh link here, a claim's approval, a co-admin's invite) need none of the
 * sign-in code.
 */

/** Sign-in links work once, for 15 minutes (DECISIONS.md). */
export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;

/** What a sign-in link grants when spent. */
export interface LoginGrant {
  userId: string;
  email: string;
  selectedTeamId: string | null;
  next: string;
}

/** Which accounts a magic-link request may send a link to, and where the link leads. */
export type MagicLinkScope = { kind: "any" } | { kind: "admin" } | { kind: "team"; teamId: string };
