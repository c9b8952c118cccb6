/**
 * The signed-in person's own account (`/account`): their name, their password and their
 * sessions. HTTP-free: the route reads the form, these functions decide and store.
 */
import { getUserEntry, listMemberships, updateUser, type User } from "../db/users.ts";
import { endAllSessions } from "../auth/sessions.ts";
import { type AuthContext, changePassword } from "../auth/login.ts";
import { UnauthorizedError, ValidationError } from "../errors.ts";
import { cleanText } from "../text.ts";

export const MAX_PROFILE_NAME_LENGTH = 50;

export const PROFILE_MESSAGES = {
  firstName: "First name is required",
  lastName: "Last name is required",
  tooLong: (label: string) => `${label} must be at most ${MAX_PROFILE_NAME_LENGTH} characters`,
  nameSaved: "Your name was saved.",
  confirmPassword: "The two new passwords do not match.",
  passwordSet: "Password set. Other sessions were signed out.",
} as const;

export interface ProfileName {
  firstName: string;
  lastName: string;
}

/** Checks a name form; a ValidationError names each field that is wrong. */
export function checkProfileName(raw: { firstName?: unknown; lastName?: unknown }): ProfileName {
  const firstName = typeof raw.firstName === "string" ? cleanText(raw.firstName) : "";
  const lastName = typeof raw.lastName === "string" ? cleanText(raw.lastName) : "";
  const fields: Record<string, string> = {};
  if (!firstName) fields.firstName = PROFILE_MESSAGES.firstName;
  else if ([...firstName].length > MAX_PROFILE_NAME_LENGTH) fields.firstName = PROFILE_MESSAGES.tooLong("First name");
  if (!lastName) fields.lastName = PROFILE_MESSAGES.lastName;
  else if ([...lastName].length > MAX_PROFILE_NAME_LENGTH) fields.lastName = PROFILE_MESSAGES.tooLong("Last name");
  const first = Object.values(fields)[0];
  if (first) throw new ValidationError(first, fields);
  return { firstName, lastName };
}

/**
 * Saves the person's first and last name. A team that shows parents' names on its public
 * roster shows the new one at once: every team of the person gets a new revision, which drops
 * its cached pages.
 */
export async function saveProfileName(
  kv: Deno.Kv,
  userId: string,
  raw: { firstName?: unknown; lastName?: unknown },
): Promise<User> {
  const name = checkProfileName(raw);
  const entry = await getUserEntry(kv, userId);
  if (!entry.value) throw new UnauthorizedError();
  const teamIds = (await listMemberships(kv, userId)).map((m) => m.teamId);
  return await updateUser(kv, entry as Deno.KvEntry<User>, name, teamIds);
}

/**
 * Sets or changes the person's password (the current one is required once one is set, a
 * sign-in within 10 minutes of `sessionStartedAt` to set a first one; the policy, its messages
 * and the notification mail are `changePassword`'s) and ends every session of the person. The
 * caller starts a fresh session for the browser that asked.
 */
export async function setOwnPassword(
  ctx: AuthContext,
  userId: string,
  input: { currentPassword?: unknown; newPassword?: unknown; confirmPassword?: unknown },
  sessionStartedAt: number,
): Promise<void> {
  if (
    typeof input.confirmPassword === "string" && typeof input.newPassword === "string" &&
    input.newPassword !== "" && input.confirmPassword !== input.newPassword
  ) {
    throw new ValidationError(PROFILE_MESSAGES.confirmPassword, { confirmPassword: PROFILE_MESSAGES.confirmPassword });
  }
  await changePassword(ctx, userId, input.currentPassword, input.newPassword, sessionStartedAt);
  await endAllSessions(ctx.kv, userId);
}

/** 'Sign out everywhere': ends every session of the person, the one asking included. */
export async function signOutEverywhere(kv: Deno.Kv, userId: string): Promise<number> {
  return await endAllSessions(kv, userId);
}
