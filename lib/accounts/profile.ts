/**
 * The signed-in person's own account: their name and profile (`/account`, Account Settings →
 * My Profile), their password and their sessions. HTTP-free: the route reads the form, these
 * functions decide and store.
 */
import { beginChange } from "../db/kv.ts";
import { getUserEntry, listMemberships, stageUserUpdate, updateUser, type User } from "../db/users.ts";
import { commitTeamChangeOrConflict } from "../db/team_revisions.ts";
import { retryOnConflict } from "../db/change.ts";
import { endAllSessions } from "../auth/sessions.ts";
import { type AuthContext, changePassword } from "../auth/login.ts";
import { UnauthorizedError, ValidationError } from "../errors.ts";
import { cleanText } from "../text.ts";
import {
  checkParentProfile,
  nameProblems,
  type ParentProfile,
  type ParentProfileInput,
  PROFILE_MESSAGES,
} from "./profile_rules.ts";
import { type AccountContext, limitEmailChanges, pendingEmailOf, stageEmailChangeRequest } from "./email_change.ts";

export {
  checkParentProfile,
  isValidPhone,
  MAX_ABOUT_ITEMS,
  MAX_ABOUT_LENGTH,
  MAX_PHONE_LENGTH,
  MAX_PROFILE_NAME_LENGTH,
  PARENT_PROFILE_FIELDS,
  type ParentProfile,
  type ParentProfileInput,
  PROFILE_MESSAGES,
} from "./profile_rules.ts";

export interface ProfileName {
  firstName: string;
  lastName: string;
}

/** Checks a name form; a ValidationError names each field that is wrong. */
export function checkProfileName(raw: { firstName?: unknown; lastName?: unknown }): ProfileName {
  const firstName = typeof raw.firstName === "string" ? cleanText(raw.firstName) : "";
  const lastName = typeof raw.lastName === "string" ? cleanText(raw.lastName) : "";
  const fields = nameProblems(firstName, lastName);
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

/** SPEC.md's Parent profile of an account (its "about" fields empty when never set). */
export function parentProfileOf(user: User): ParentProfile {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    photoUrl: user.photoUrl,
    occupation: user.occupation ?? "",
    interests: user.interests ?? [],
    funFacts: user.funFacts ?? [],
  };
}

/** A person's own profile with the address a pending e-mail change waits for (Account Settings). */
export async function loadOwnProfile(
  kv: Deno.Kv,
  userId: string,
  now = new Date(),
): Promise<(ParentProfile & { pendingEmail: string | null }) | null> {
  const user = (await getUserEntry(kv, userId)).value;
  return user ? { ...parentProfileOf(user), pendingEmail: await pendingEmailOf(kv, userId, now) } : null;
}

export interface SavedProfile {
  parent: ParentProfile;
  /** The address a pending e-mail change waits for, if any. */
  pendingEmail: string | null;
  message: string;
}

const sameList = (a: string[] | undefined, b: string[] | undefined) =>
  (a ?? []).length === (b ?? []).length && (a ?? []).every((item, i) => item === (b ?? [])[i]);

function changedFields(user: User, input: ParentProfileInput): Partial<User> {
  const changes: Partial<User> = {};
  if (input.firstName !== user.firstName) changes.firstName = input.firstName;
  if (input.lastName !== user.lastName) changes.lastName = input.lastName;
  if (input.phone !== user.phone) changes.phone = input.phone;
  if (input.occupation !== undefined && input.occupation !== (user.occupation ?? "")) {
    changes.occupation = input.occupation;
  }
  if (input.interests !== undefined && !sameList(input.interests, user.interests)) changes.interests = input.interests;
  if (input.funFacts !== undefined && !sameList(input.funFacts, user.funFacts)) changes.funFacts = input.funFacts;
  return changes;
}

/**
 * Account Settings → My Profile (`PUT /api/teams/{teamId}/parents/{parentId}`) for the person
 * themselves. Names, phone and the "about" fields are saved at once, and every team of the
 * person gets a new revision in the same commit (their public pages show the new name at
 * once). A different e-mail is only requested: the new address gets a confirmation link
 * (`email_change.ts`), in the same commit; at most 5 requests an hour.
 */
export async function saveParentProfile(ctx: AccountContext, userId: string, raw: unknown): Promise<SavedProfile> {
  const checked = checkParentProfile(raw);
  if (!checked.ok) throw new ValidationError(checked.message, checked.fields);
  const input = checked.value;
  let limited = false;
  return await retryOnConflict(async () => {
    const entry = await getUserEntry(ctx.kv, userId);
    if (!entry.value) throw new UnauthorizedError();
    const user = entry.value;
    const changes = changedFields(user, input);
    const changed = Object.keys(changes).length > 0;
    const newEmail = input.email !== user.email ? input.email : null;
    if (newEmail && !limited) {
      await limitEmailChanges(ctx, userId);
      limited = true;
    }
    let saved = user;
    if (changed || newEmail) {
      const op = beginChange(ctx.kv);
      saved = stageUserUpdate(op, entry as Deno.KvEntry<User>, changes);
      if (newEmail) await stageEmailChangeRequest(ctx, op, user, newEmail);
      // Every team of the person shows their name: each gets a new revision, dropping its cached pages.
      const teamIds = changed ? (await listMemberships(ctx.kv, userId)).map((m) => m.teamId) : [];
      await commitTeamChangeOrConflict(ctx.kv, op, teamIds);
    }
    return {
      parent: parentProfileOf(saved),
      pendingEmail: newEmail ?? await pendingEmailOf(ctx.kv, userId, ctx.now),
      message: newEmail ? PROFILE_MESSAGES.emailChangeSent(newEmail) : PROFILE_MESSAGES.profileSaved,
    };
  }, { attempts: 5 });
}
