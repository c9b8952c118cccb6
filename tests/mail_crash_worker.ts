/**
 * The mail queue worker on its own, for tests/integration/mail_crash_test.ts to kill and
 * restart: a file KV, an SMTP mailer and `startQueueWorker` with the timing the test passes,
 * opening mail bodies with the MAIL_QUEUE_KEY it is given.
 *
 *   deno run -A tests/mail_crash_worker.ts <kv file> <smtp url> '<QueueWorkerOptions as JSON>'
 */
import { openKv } from "../lib/db/kv.ts";
import { loadConfig } from "../lib/config.ts";
import { createSmtpMailer } from "../lib/mail/mailers.ts";
import { startQueueWorker, useMailQueueKey } from "../lib/mail/mod.ts";

const [kvPath, smtpUrl, options = "{}"] = Deno.args;
if (!kvPath || !smtpUrl) throw new Error("usage: mail_crash_worker.ts <kv file> <smtp url> [options JSON]");
// MAIL_QUEUE_KEY from the environment, as main.ts reads it: the test queued the mail under it.
useMailQueueKey(loadConfig().mailQueueKey);
const kv = await openKv(kvPath);
const mailer = createSmtpMailer(smtpUrl, "GoalMates <no-reply@goalmates.test>", { ignoreTLS: true });
const worker = startQueueWorker(kv, mailer, JSON.parse(options));
console.log("worker ready");
await worker;
