/**
 * How long GoalMates keeps what it keeps only for a while (issue 22, R44): one list read by the
 * daily sweep (lib/retention_sweep.ts), by `/privacy` and by `/account/privacy`, so the page can
 * never promise a period the sweep does not keep. Pure data: pages and islands may import it.
 *
 * `how` says what removes a record: "expiry" when KV's `expireIn` (set when it is written) drops it,
 * so the sweep leaves it alone and a test checks the expiry instead; "sweep" when the daily sweep
 * deletes it. `periodMs` counts from `from`; 0 means at that moment.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export type RetentionKind =
  | "unverified-signup"
  | "expired-link"
  | "link-renewal"
  | "rate-limit"
  | "session"
  | "undecided-request"
  | "failed-mail"
  | "dev-outbox"
  | "security-event";

export interface RetentionPeriod {
  kind: RetentionKind;
  /** What is kept, as a person would name it. */
  what: string;
  /** From when the period counts. */
  from: "created" | "expiry" | "failed";
  periodMs: number;
  /** The period alone, in plain words ("24 hours"). */
  period: string;
  /** One sentence a parent can read: what goes, and when. */
  text: string;
  how: "expiry" | "sweep";
}

export const RETENTION_PERIODS: readonly RetentionPeriod[] = [
  {
    kind: "unverified-signup",
    what: "A signup whose e-mail address was never confirmed",
    from: "created",
    periodMs: 24 * HOUR_MS,
    period: "24 hours",
    text:
      "If you start signing up and never click the link we e-mail you, everything you typed is deleted after 24 hours.",
    how: "expiry",
  },
  {
    kind: "expired-link",
    what: "Links we e-mail (sign-in, confirm your address, edit your child's details, change your e-mail)",
    from: "expiry",
    periodMs: 0,
    period: "as soon as the link expires",
    text:
      "Each link we e-mail works once and is deleted as soon as it is used or expires: sign-in links after 15 minutes, signup and e-mail change links after 24 hours, edit links after 7 days.",
    how: "expiry",
  },
  {
    kind: "link-renewal",
    what: "The note that lets an expired sign-in link offer a fresh one",
    from: "expiry",
    periodMs: 7 * DAY_MS,
    period: "7 days",
    text:
      "So that opening an old sign-in link can offer to send a fresh one, we remember which address it was for, for 7 days after it expires.",
    how: "expiry",
  },
  {
    kind: "rate-limit",
    what: "Counts of attempts (sign-ins, signups, posts) used to stop abuse",
    from: "expiry",
    periodMs: 0,
    period: "as soon as its time window ends (at most 48 hours)",
    text:
      "To stop abuse we count attempts per address for a short time window; each count is deleted when its window ends, at most 48 hours later.",
    how: "expiry",
  },
  {
    kind: "session",
    what: "Sign-in sessions (which device is signed in, and when it was last used)",
    from: "expiry",
    periodMs: 0,
    period: "as soon as the session ends",
    text:
      "A sign-in session is deleted when it ends: when you sign out, after 30 days for parents and players (or 30 days unused), and after 12 hours for team and admin logins.",
    how: "expiry",
  },
  {
    kind: "undecided-request",
    what: "Claims and join requests no team admin has answered",
    from: "created",
    periodMs: 30 * DAY_MS,
    period: "30 days",
    text:
      "A claim or join request that no team admin answers within 30 days is deleted, with your name and e-mail in it. You can send it again.",
    how: "sweep",
  },
  {
    kind: "failed-mail",
    what: "E-mails we could not deliver",
    from: "failed",
    periodMs: 30 * DAY_MS,
    period: "30 days",
    text: "An e-mail we could not deliver is kept for 30 days so we can find out what went wrong, then deleted.",
    how: "sweep",
  },
  {
    kind: "dev-outbox",
    what: "Test e-mails kept on a server that sends no mail (development only)",
    from: "created",
    periodMs: 7 * DAY_MS,
    period: "7 days",
    text: "On a test server that sends no e-mail, the messages it would have sent are kept for 7 days, then deleted.",
    how: "expiry",
  },
  {
    kind: "security-event",
    what: "The record of admins' changes and decisions (who approved a claim, changed settings, removed a photo)",
    from: "created",
    periodMs: 90 * DAY_MS,
    period: "90 days",
    text:
      "The record of who changed what in a team (approved a claim, changed settings, removed a photo) is deleted after 90 days. Security events such as refused sign-ins are never stored with your data.",
    how: "sweep",
  },
];

/** The period of one kind (the sweep reads its cut-offs from here). */
export function retentionPeriod(kind: RetentionKind): RetentionPeriod {
  const found = RETENTION_PERIODS.find((period) => period.kind === kind);
  if (!found) throw new Error(`No retention period for ${kind}`);
  return found;
}
