import { keys } from "./keys.ts";

export { JOIN_LINK_LIMIT_BUCKET } from "./keys.ts";
import { RateLimitError } from "../errors.ts";

export interface RateRule {
  /** Names the counter family, e.g. "claims-ip". */
  bucket: string;
  /** Whose attempts are counted: an IP address, an e-mail. */
  subject: string;
  limit: number;
  windowMs: number;
}

/** Longer subjects are counted under their SHA-256, so no caller's input can outgrow a KV key. */
const MAX_SUBJECT_BYTES = 200;
const encoder = new TextEncoder();

/**
 * The form of a subject a counter is keyed by: well-formed Unicode (so two strings that differ
 * only in a lone surrogate, which a KV key would store alike, are one subject by design), and
 * a digest when it is long.
 */
async function subjectKey(subject: string): Promise<string> {
  const wellFormed = subject.toWellFormed();
  const bytes = encoder.encode(wellFormed);
  if (bytes.length <= MAX_SUBJECT_BYTES) return wellFormed;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return `sha256:${Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * Counts one attempt against every rule in one atomic commit, or throws RateLimitError
 * (429) naming the wait when any rule's fixed window is already full.
 */
export async function consumeRateLimits(
  kv: Deno.Kv,
  rules: RateRule[],
  message: (minutes: number) => string,
  now = Date.now(),
): Promise<void> {
  const subjects = await Promise.all(rules.map((r) => subjectKey(r.subject)));
  for (let attempt = 0; attempt < 10; attempt++) {
    const windows = rules.map((r) => Math.floor(now / r.windowMs));
    const entries = await kv.getMany<number[]>(
      rules.map((r, i) => keys.rateLimit(r.bucket, subjects[i], windows[i])),
    );
    const op = kv.atomic();
    for (const [i, rule] of rules.entries()) {
      const count = entries[i].value ?? 0;
      if (count >= rule.limit) {
        const retryAfterMs = (windows[i] + 1) * rule.windowMs - now;
        const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
        throw new RateLimitError(message(Math.ceil(retryAfterSeconds / 60)), retryAfterSeconds);
      }
      op.check(entries[i]).set(entries[i].key, count + 1, { expireIn: rule.windowMs * 2 });
    }
    if ((await op.commit()).ok) return;
  }
  throw new RateLimitError(message(1), 60);
}
