/**
 * Changing a person's e-mail: the new address must confirm it. A request stores one pending
 * change per person (a new one replaces it) and mails the new address a single-use link, valid
 * 24 hours; opening it only shows a Confirm button (mail scanners open links), and the POST
 * that button sends spends the token and moves the account in one commit. The old address is
 * told once the change took effect.
 *
 * An address that already has an account gets the same answer (so no one learns who has an
 * account), but no link: its owner gets a mail saying someone tried, and nothing can change.
 */
import { beginChange } from "../db/kv.ts";
import { getUserByEmail, getUserEntry, listMemberships, type User } from "../db/users.ts";
import {
  deleteEmailChangeToken,
  type EmailChangeGrant,
  getEmailChangeTokenEntry,
  getPendingEmailChangeEntry,
  stageConfirmedEmailChange,
  stagePendingEmailChange,
} from "../db/email_changes.ts";
import { consumeRateLimits } from "../db/rate_limits.ts";
import { commitTeamChangeOrConflict } from "../db/team_revisions.ts";
import { retryOnConflict } from "../db/change.ts";
import { stageMail } from "../mail/mod.ts";
import {
  emailChangeConfirmMail,
  emailChangedMail,
  emailChangeTakenMail,
  recipientLanguage,
} from "../mail/templates.ts";
import type { Language } from "../i18n/languages.ts";
import { hashToken, isTokenShaped, newToken } from "../auth/tokens.ts";
import { PROFILE_MESSAGES } from "./profile_rules.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";

/** The link works once, for 24 hours. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
/** Requests a person may make: each one mails an address they typed. */
export const EMAIL_CHANGE_LIMIT = { limit: 5, windowMs: 60 * 60 * 1000 };

const TEXTS = messagesFor("en").account.messages.emailChange;

export const EMAIL_CHANGE_MESSAGES = {
  invalid: TEXTS.invalid,
  taken: TEXTS.taken,
  changed: (email: string) => format("en", TEXTS.changed, { email }),
} as const;

export interface AccountContext {
  kv: Deno.Kv;
  /** Where links in mail point (the app's public URL). */
  appUrl: string;
  now: Date;
  /** The request's language: a mail to an account that chose none is in it. */
  lang?: Language;
}

const fullName = (user: User) => `${user.firstName} ${user.lastName}`.trim() || undefined;

/** Counts one e-mail change request of a person (429 past 5 an hour). */
export async function limitEmailChanges(ctx: AccountContext, userId: string): Promise<void> {
  await consumeRateLimits(
    ctx.kv,
    [{ bucket: "email-change", subject: userId, ...EMAIL_CHANGE_LIMIT }],
    PROFILE_MESSAGES.tooManyEmailChanges,
    ctx.now.getTime(),
  );
}

/**
 * Adds a request to change `user`'s e-mail to `newEmail` (normalised, valid) to `op`: the
 * pending change (replacing any earlier one and its link) and the mail to the new address.
 * The caller limits requests (`limitEmailChanges`) and commits.
 */
export async function stageEmailChangeRequest(
  ctx: AccountContext,
  op: Deno.AtomicOperation,
  user: User,
  newEmail: string,
): Promise<void> {
  const { kv, now } = ctx;
  const [previous, owner] = await Promise.all([getPendingEmailChangeEntry(kv, user.id), getUserByEmail(kv, newEmail)]);
  const taken = owner !== null && owner.id !== user.id;
  const token = taken ? null : newToken();
  const expiresAt = now.getTime() + EMAIL_CHANGE_TTL_MS;
  stagePendingEmailChange(op, user.id, previous, {
    newEmail,
    tokenHash: token ? await hashToken(token) : null,
    expiresAt,
    requestedAt: now.toISOString(),
  }, EMAIL_CHANGE_TTL_MS);
  const content = token
    ? emailChangeConfirmMail({
      firstName: user.firstName || undefined,
      newEmail,
      link: `${ctx.appUrl}/account/email?token=${token}`,
    }, recipientLanguage(user, ctx.lang))
    // The address's owner reads it: in their account's language.
    : emailChangeTakenMail({ newEmail, signInLink: `${ctx.appUrl}/team-login` }, recipientLanguage(owner, ctx.lang));
  stageMail(op, {
    to: { name: token ? fullName(user) : undefined, address: newEmail },
    kind: token ? "email-change" : "email-change-taken",
    ...content,
  }, now);
}

/** The address a person's pending change waits for, or null (none, or expired). */
export async function pendingEmailOf(kv: Deno.Kv, userId: string, now: Date): Promise<string | null> {
  const pending = (await getPendingEmailChangeEntry(kv, userId)).value;
  return pending && pending.expiresAt > now.getTime() ? pending.newEmail : null;
}

/** The usable token entry of a link, or null (malformed, unknown, expired). */
async function readGrant(kv: Deno.Kv, token: string, now: Date) {
  if (!isTokenShaped(token)) return null;
  const entry = await getEmailChangeTokenEntry(kv, await hashToken(token));
  if (!entry.value) return null;
  const usable = entry as Deno.KvEntry<EmailChangeGrant>;
  return { entry: usable, expired: usable.value.expiresAt <= now.getTime() };
}

/** For the page a link opens: the new address it would confirm, spending nothing; null if unusable. */
export async function peekEmailChange(kv: Deno.Kv, token: string, now: Date): Promise<string | null> {
  const grant = await readGrant(kv, token, now);
  return grant && !grant.expired ? grant.entry.value.newEmail : null;
}

export type EmailChangeOutcome =
  | { status: "changed"; email: string }
  | { status: "invalid" }
  | { status: "taken" };

/**
 * Spends a link: the account takes the new address (the index moves with it, every team of
 * the person gets a new revision, the old address gets a notice), all in one commit. Exactly
 * one of simultaneous confirmations changes anything; the others, and any later one, are
 * "invalid". An expired link is deleted and "invalid"; an address taken meanwhile, "taken".
 */
export async function confirmEmailChange(ctx: AccountContext, token: string): Promise<EmailChangeOutcome> {
  const { kv, now } = ctx;
  return await retryOnConflict(async (): Promise<EmailChangeOutcome> => {
    const grant = await readGrant(kv, token, now);
    if (!grant) return { status: "invalid" };
    if (grant.expired) {
      await deleteEmailChangeToken(kv, grant.entry);
      return { status: "invalid" };
    }
    const { userId, newEmail } = grant.entry.value;
    const userEntry = await getUserEntry(kv, userId);
    if (!userEntry.value) {
      await deleteEmailChangeToken(kv, grant.entry);
      return { status: "invalid" };
    }
    const user = userEntry.value;
    const op = beginChange(kv);
    const staged = await stageConfirmedEmailChange(kv, op, grant.entry, userEntry as Deno.KvEntry<User>);
    if (staged === "taken") {
      // The link can never work now: it goes, so the page says so once and then 'invalid'.
      await deleteEmailChangeToken(kv, grant.entry);
      return { status: "taken" };
    }
    stageMail(op, {
      to: { name: fullName(user), address: user.email },
      kind: "email-changed",
      ...emailChangedMail({
        firstName: user.firstName || undefined,
        newEmail,
        at: now,
        accountLink: `${ctx.appUrl}/account`,
      }, recipientLanguage(user, ctx.lang)),
    }, now);
    const teamIds = (await listMemberships(kv, userId)).map((m) => m.teamId);
    // Spent by a simultaneous confirmation, or the account changed meanwhile: then read again.
    await commitTeamChangeOrConflict(kv, op, teamIds);
    return { status: "changed", email: newEmail };
  }, { attempts: 5, onExhausted: () => ({ status: "invalid" }) });
}
