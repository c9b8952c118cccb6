/**
 * Deleting one's own account (issue 22, Account → Privacy). The person types their e-mail to
 * confirm; a team's only admin is refused until they hand the team over or delete it.
 *
 * The first commit ends the account, its e-mail index and its memberships and records the
 * deletion (lib/db/account_deletions.ts); the sweep erases the rest in batched commits; the last
 * commit removes the record and queues the one mail that confirms it, to the address given. A
 * sweep cut short (a crash, a deploy) is finished by `resumeAccountDeletions` at the next start.
 * The same address may sign up again afterwards: nothing ties it to the old account.
 */
import { z } from "zod";
import { ulid } from "ulid";
import { beginChange } from "../db/kv.ts";
import { commitChange, retryOnConflict } from "../db/change.ts";
import { commitTeamChangeOrConflict } from "../db/team_revisions.ts";
import { getTeamMemberEntries, getUserEntry, listMemberships, listTeamAdmins, type User } from "../db/users.ts";
import {
  type AccountDeletion,
  getAccountDeletionEntry,
  getAccountIndexEntry,
  listUnfinishedAccountDeletions,
  pendingNewEmailOf,
  stageAccountDeletion,
  stageAccountDeletionEnd,
  sweepAccount,
} from "../db/account_deletions.ts";
import { listFormerMemberships } from "../db/former_memberships.ts";
import { getTeams } from "../db/teams.ts";
import { stageMail } from "../mail/mod.ts";
import { accountDeletedMail, recipientLanguage } from "../mail/templates.ts";
import type { Language } from "../i18n/languages.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { normalizeEmail } from "../text.ts";
import { runLoggedJob } from "../log.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";

const TEXTS = messagesFor("en").account.messages;

export const DELETE_ACCOUNT_MESSAGES = {
  confirm: TEXTS.delete.confirm,
  mismatch: TEXTS.delete.mismatch,
  unknownField: (name: string) => format("en", TEXTS.delete.unknownField, { name }),
  onlyAdmin: TEXTS.privacy.onlyAdmin,
  gone: TEXTS.delete.gone,
  teamLogin: TEXTS.delete.teamLogin,
} as const;

const confirmationSchema = z.strictObject({ confirm: z.string().max(320) });

/** The typed address from `DELETE /api/account`'s body. */
export function parseAccountDeleteConfirmation(body: unknown): string {
  const parsed = confirmationSchema.safeParse(body);
  if (parsed.success) return parsed.data.confirm;
  const unknown = parsed.error.issues.find((i) => i.code === "unrecognized_keys");
  throw new ValidationError(
    unknown ? DELETE_ACCOUNT_MESSAGES.unknownField(unknown.keys[0]) : DELETE_ACCOUNT_MESSAGES.confirm,
    { confirm: DELETE_ACCOUNT_MESSAGES.confirm },
  );
}

/** Where the confirmation mail points someone who wants to come back. */
export interface AccountDeletionContext {
  kv: Deno.Kv;
  appUrl: string;
  now: Date;
  /** The request's language: the confirmation mail is in it when the account chose none. */
  lang?: Language;
}

/**
 * The other admins of each team the person administers: a deletion is refused when a team has
 * none (it would be left without an admin).
 */
async function otherAdminsOf(kv: Deno.Kv, userId: string, teamIds: string[]): Promise<Map<string, string[]>> {
  const others = new Map<string, string[]>();
  for (const teamId of teamIds) {
    const admins = (await listTeamAdmins(kv, teamId)).filter((m) => m.userId !== userId);
    if (admins.length === 0) throw new ConflictError(DELETE_ACCOUNT_MESSAGES.onlyAdmin);
    others.set(teamId, admins.map((m) => m.userId));
  }
  return others;
}

/**
 * The first commit: the account, its e-mail index and memberships go and the deletion is
 * recorded. Checked against the other admins it counted, so two last admins leaving at once
 * cannot both get through. Returns the record the sweep works from.
 */
export async function startAccountDeletion(
  kv: Deno.Kv,
  userId: string,
  confirm: string,
  now: Date,
  /** The request's language, for the confirmation mail when the account chose none. */
  lang?: Language,
): Promise<AccountDeletion> {
  return await retryOnConflict(async () => {
    const entry = await getUserEntry(kv, userId);
    if (!entry.value) throw new NotFoundError(DELETE_ACCOUNT_MESSAGES.gone);
    const user = entry as Deno.KvEntry<User>;
    // Compared as sign-in compares addresses: trimmed and lowercased.
    if (normalizeEmail(confirm) !== user.value.email) {
      throw new ValidationError(DELETE_ACCOUNT_MESSAGES.mismatch, { confirm: DELETE_ACCOUNT_MESSAGES.mismatch });
    }
    const memberships = await listMemberships(kv, userId);
    const administered = memberships.filter((m) => m.role === "TEAM_ADMIN").map((m) => m.teamId);
    const otherAdmins = await otherAdminsOf(kv, userId, administered);
    const adminEntries = (await Promise.all(
      [...otherAdmins].map(([teamId, adminIds]) => getTeamMemberEntries(kv, teamId, adminIds)),
    )).flat();
    const marker: AccountDeletion = {
      userId,
      email: user.value.email,
      firstName: user.value.firstName,
      lastName: user.value.lastName,
      anonymousId: `deleted-${ulid(now.getTime())}`,
      otherAddresses: [await pendingNewEmailOf(kv, userId)].filter((a): a is string => a !== null),
      teamIds: memberships.map((m) => m.teamId),
      startedAt: now.toISOString(),
      language: recipientLanguage(user.value, lang),
    };
    const emailIndex = await getAccountIndexEntry(kv, user.value.email);
    // Teams they left keep their posts and photos until now: the sweep visits those too (if the team still exists).
    const formerIds = (await listFormerMemberships(kv, userId)).map((f) => f.teamId)
      .filter((teamId) => !marker.teamIds.includes(teamId));
    const formerTeams = await getTeams(kv, formerIds);
    marker.teamIds.push(...formerIds.filter((_, i) => formerTeams[i] !== null));
    const op = stageAccountDeletion(beginChange(kv), user, emailIndex, memberships, adminEntries, marker);
    await commitTeamChangeOrConflict(kv, op, marker.teamIds);
    return marker;
  }, { attempts: 3 });
}

/** The sweep, then the last commit: the record goes and the confirmation mail is queued. */
async function finishAccountDeletion(kv: Deno.Kv, deletion: AccountDeletion, appUrl: string): Promise<void> {
  await sweepAccount(kv, deletion);
  const marker = await getAccountDeletionEntry(kv, deletion.userId);
  if (!marker.value) return; // Another instance finished it (and sent the mail) meanwhile.
  const op = stageAccountDeletionEnd(beginChange(kv), marker as Deno.KvEntry<AccountDeletion>);
  stageMail(op, {
    to: { address: deletion.email },
    kind: "account-deleted",
    ...accountDeletedMail({ signUpLink: `${appUrl}/signup` }, recipientLanguage(deletion)),
  });
  await commitChange(op);
}

/** `DELETE /api/account`: erases the signed-in person's account once `confirm` is their e-mail. */
export async function deleteAccount(ctx: AccountDeletionContext, userId: string, confirm: string): Promise<void> {
  const deletion = await startAccountDeletion(ctx.kv, userId, confirm, ctx.now, ctx.lang);
  await finishAccountDeletion(ctx.kv, deletion, ctx.appUrl);
}

/** Finishes erasures a crash interrupted; safe to call at every start. Logged as a job run. */
export function resumeAccountDeletions(kv: Deno.Kv, appUrl: string): Promise<number> {
  return runLoggedJob("accounts.deletion_resume", async () => {
    const unfinished = await listUnfinishedAccountDeletions(kv);
    for (const entry of unfinished) await finishAccountDeletion(kv, entry.value, appUrl);
    return unfinished.length;
  }, (accounts) => ({ accounts }));
}
