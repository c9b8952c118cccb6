/**
 * How long GoalMates keeps what it keeps only for a while (issue 22, R44): one list read by the
 * daily sweep (lib/retention_sweep.ts), by `/privacy` and by `/account/privacy`, so the page can
 * never promise a period the sweep does not keep. Data only: pages may import it.
 *
 * `how` says what removes a record: "expiry" when KV's `expireIn` (set when it is written) drops it,
 * so the sweep leaves it alone and a test checks the expiry instead; "sweep" when the daily sweep
 * deletes it. `periodMs` counts from `from`; 0 means at that moment. The words are the English
 * catalogue's (lib/i18n, area `retention`, by kind); a page reads its language's by kind.
 */
import { messagesFor } from "./i18n/catalog.ts";

const TEXTS = messagesFor("en").retention;

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
    ...TEXTS["unverified-signup"],
    from: "created",
    periodMs: 24 * HOUR_MS,
    how: "expiry",
  },
  {
    kind: "expired-link",
    ...TEXTS["expired-link"],
    from: "expiry",
    periodMs: 0,
    how: "expiry",
  },
  {
    kind: "link-renewal",
    ...TEXTS["link-renewal"],
    from: "expiry",
    periodMs: 7 * DAY_MS,
    how: "expiry",
  },
  {
    kind: "rate-limit",
    ...TEXTS["rate-limit"],
    from: "expiry",
    periodMs: 0,
    how: "expiry",
  },
  {
    kind: "session",
    ...TEXTS.session,
    from: "expiry",
    periodMs: 0,
    how: "expiry",
  },
  {
    kind: "undecided-request",
    ...TEXTS["undecided-request"],
    from: "created",
    periodMs: 30 * DAY_MS,
    how: "sweep",
  },
  {
    kind: "failed-mail",
    ...TEXTS["failed-mail"],
    from: "failed",
    periodMs: 30 * DAY_MS,
    how: "sweep",
  },
  {
    kind: "dev-outbox",
    ...TEXTS["dev-outbox"],
    from: "created",
    periodMs: 7 * DAY_MS,
    how: "expiry",
  },
  {
    kind: "security-event",
    ...TEXTS["security-event"],
    from: "created",
    periodMs: 90 * DAY_MS,
    how: "sweep",
  },
];

/** The period of one kind (the sweep reads its cut-offs from here). */
export function retentionPeriod(kind: RetentionKind): RetentionPeriod {
  const found = RETENTION_PERIODS.find((period) => period.kind === kind);
  if (!found) throw new Error(`No retention period for ${kind}`);
  return found;
}
