import { type Config, ConfigError, loadConfig, unsubscribeKeyOf } from "./lib/config.ts";
import { KvOpenError, openKv } from "./lib/db/kv.ts";
import { runMigrations } from "./lib/db/migrations.ts";
import { DATA_MIGRATIONS } from "./lib/migrations.ts";
import { BuildMissingError, loadAssets } from "./lib/render/assets.ts";
import { seedDemoAccounts, seedDemoCommunity, seedDemoTeam } from "./lib/demo/mod.ts";
import { dueRequestDigestJobs, isRequestDigestJob, runRequestDigestJob } from "./lib/claims/mod.ts";
import { ensureSysadmin } from "./lib/auth/login.ts";
import { resumeTeamDeletions } from "./lib/teams/mod.ts";
import { resumeAccountDeletions } from "./lib/accounts/mod.ts";
import { createMailer, mailStartNotice, startQueueWorker, useMailQueueKey } from "./lib/mail/mod.ts";
import { UPLOAD_SWEEP_CRON, uploadSweepJob } from "./lib/photos/mod.ts";
import { CALENDAR_SYNC_CRON, calendarSyncJob } from "./lib/calendar/mod.ts";
import { RETENTION_SWEEP_CRON, retentionSweepJob } from "./lib/retention_sweep.ts";
import {
  digestThumbnailResolver,
  dueNewsJobs,
  dueScheduleNoticeJobs,
  isNewsJob,
  isScheduleNoticeJob,
  runNewsJob,
  runScheduleNoticeJob,
  scheduleNoticeSweepJob,
  useUnsubscribeKey,
  WEEKLY_DIGEST_CRON,
  weeklyDigestJob,
} from "./lib/notifications/mod.ts";
import { createApp, PROJECT_ROOT } from "./routes/mod.tsx";
import { DEFAULT_HEADER_TIMEOUT_MS, serveGuarded } from "./routes/serve.ts";
import { Lifecycle } from "./lib/lifecycle.ts";
import { passwordPool } from "./lib/auth/passwords.ts";
import { imagePool } from "./lib/images/mod.ts";
import { stopOnSignals } from "./routes/shutdown.ts";
import { logListening, startServeWorkers, WorkerStartError } from "./routes/serve_workers.ts";

/**
 * What whoever starts the app must fix first (a variable, the database path, the build) ends the
 * process with its message alone on stderr and exit code 1; anything else is a bug and keeps its stack.
 */
function exitIfFixable(error: unknown): never {
  if (error instanceof ConfigError || error instanceof BuildMissingError || error instanceof WorkerStartError) {
    console.error(error.message);
  } else if (error instanceof KvOpenError) console.error(`${error.message} Check GOALMATES_KV.`);
  else throw error;
  Deno.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  exitIfFixable(error);
}
// Queued mail bodies are sealed with it before anything can queue mail (lib/mail/sealing.ts); the
// worker isolates (WORKERS) get the same key, so that this isolate's queue opens what they queue.
const mailQueueKey = config.mailQueueKey ?? crypto.getRandomValues(new Uint8Array(32));
useMailQueueKey(mailQueueKey);
// Unsubscribe links are signed with the configured key; without one (production without SMTP), one
// derived from this process group's mail queue key, which the worker isolates derive alike.
useUnsubscribeKey(unsubscribeKeyOf({ unsubscribeKey: config.unsubscribeKey, mailQueueKey }, config.env));
if (Deno.env.get("NODE_ENV") !== "production") {
  console.warn(
    "NODE_ENV is not 'production': React runs its development build (about 7x slower). Use `deno task start`.",
  );
}
const kv = await openKv(config.kvPath).catch(exitIfFixable);
// Built by `deno task build`; the server never bundles (esbuild is not in its graph). Development
// rebuilds a stale build in a child process; production refuses to start with one.
const assets = await loadAssets(PROJECT_ROOT, config.env).catch(exitIfFixable);
// Finishes removing any team whose deletion a crash or restart interrupted.
const resumed = await resumeTeamDeletions(kv);
if (resumed > 0) console.log(`Finished deleting ${resumed} team(s).`);
// Finishes erasing any account whose deletion was cut short, and sends its last mail.
const resumedAccounts = await resumeAccountDeletions(kv, config.appUrl);
if (resumedAccounts > 0) console.log(`Finished deleting ${resumedAccounts} account(s).`);
// Each data migration runs once per database; one that fails stops the start (MigrationError).
await runMigrations(kv, DATA_MIGRATIONS, { log: console.log });
if (config.env === "development") {
  const demo = await seedDemoTeam(kv);
  await seedDemoAccounts(kv, demo);
  await seedDemoCommunity(kv, demo);
  console.log(`Development mode: demo team at ${config.appUrl}/t/${demo.slug}/roster`);
}
if (config.sysadminEmail && config.sysadminPassword) {
  const outcome = await ensureSysadmin(kv, config.sysadminEmail, config.sysadminPassword);
  // Named by its variable: no address goes to the log (issue 21).
  console.log(`System administrator of SYSADMIN_EMAIL: ${outcome}`);
} else if (config.sysadminEmail || config.sysadminPassword) {
  console.warn("Set both SYSADMIN_EMAIL and SYSADMIN_PASSWORD to create a system administrator at start.");
}
const mailer = createMailer(config, kv);
const mailNotice = mailStartNotice(config);
(mailNotice.warning ? console.warn : console.log)(mailNotice.line);
// What SIGTERM stops (routes/shutdown.ts): background jobs start no more, those running are waited for.
const lifecycle = new Lifecycle();
// Delivers queued mail; at start and every 5 minutes it re-enqueues mail a crash left behind. Its
// listener also runs the admins' request digests (a mail at most every 15 minutes per admin) and team
// news (handed to the members, a mail at most every hour per person). On a KV Connect database, which
// has no queue, it reads the due mail, digests and news every 5 s instead.
startQueueWorker(kv, mailer, {
  background: lifecycle,
  // The weekly digest's photo thumbnails travel inside its mail: read from the gallery when it is sent.
  resolveInlineImage: digestThumbnailResolver(kv),
  otherJobs: async (message) => {
    if (isRequestDigestJob(message)) await runRequestDigestJob(kv, message, config.appUrl);
    else if (isNewsJob(message)) await runNewsJob(kv, message, config.appUrl);
    else if (isScheduleNoticeJob(message)) await runScheduleNoticeJob(kv, message, config.appUrl);
  },
  dueOtherJobs: [
    (now, page) => dueRequestDigestJobs(kv, now, page),
    ...dueNewsJobs(kv),
    // A calendar sync's schedule changes, mailed to the team's members.
    (now, page) => dueScheduleNoticeJobs(kv, now, page),
  ],
});
// (The image workers start with the first photo, 1.3 s once: warming them at every start cost each
// process, test servers included, that CPU and about 300 MB whether or not a photo ever came.)

// The crons are registered here, at the top level of the entry module, where Deno Deploy finds them
// (tests/integration/crons_test.ts); lib/ only exports their jobs.
// Removes uploads never finished, processed or used, and expired upload links: at start and every 10 minutes.
void lifecycle.track(() => uploadSweepJob(kv));
Deno.cron("sweep expired photo uploads", UPLOAD_SWEEP_CRON, lifecycle.guard(() => uploadSweepJob(kv)));
// Syncs every connected team calendar whose 30 minutes are up (a lease per team: one instance at a time).
const calendarSyncDeps = {
  now: () => new Date(),
  allowPrivateHosts: config.calendarAllowPrivateHosts,
  signal: lifecycle.signal,
};
// Then mails any schedule change whose queue job gave up (the job itself runs at once after the sync).
Deno.cron(
  "sync team calendars",
  CALENDAR_SYNC_CRON,
  lifecycle.guard(async () => {
    await calendarSyncJob(kv, calendarSyncDeps);
    await scheduleNoticeSweepJob(kv, config.appUrl);
  }),
);
// Deletes, once a day, what lib/retention.ts says is kept no longer (failed mail, old audit entries,
// unanswered claims); each deletion is checked, so two instances sweeping at once do no harm.
Deno.cron("retention sweep", RETENTION_SWEEP_CRON, lifecycle.guard(() => retentionSweepJob(kv)));
// Sends the weekly digest, Sunday from 17:00 on each person's clock: every 15 minutes, reading
// nothing while no zone is there; once per person and week whatever instances run it.
Deno.cron("weekly digest", WEEKLY_DIGEST_CRON, lifecycle.guard(() => weeklyDigestJob(kv, config.appUrl)));
const app = createApp({ kv, config, assets, watchTeamChanges: true });
// Deno.serve with a deadline: a connection slow to send its request headers (or idle) is closed.
const server = serveGuarded({
  port: config.port,
  hostname: config.hostname,
  headerTimeoutMs: DEFAULT_HEADER_TIMEOUT_MS,
  // This is worker 0 of WORKERS; the others serve the same port (routes/serve_workers.ts).
  reusePort: config.workers > 1,
  onListen: (addr) => logListening(addr, 0, config.workers),
}, app.fetch);
// The other WORKERS isolates (routes/serve_workers.ts); a signal while they start stops them too.
const workersStarting = config.workers > 1
  ? startServeWorkers(config.workers, { port: server.addr.port, assets, mailQueueKey })
  : Promise.resolve(null);
const servers = {
  shutdown: async () => {
    await Promise.all([server.shutdown(), workersStarting.then((workers) => workers?.shutdown(), () => {})]);
  },
};
// SIGTERM and SIGINT: no new connections, requests and jobs in hand finished (10 s at most), exit 0.
stopOnSignals(lifecycle, servers, { close: [() => passwordPool.close(), () => imagePool.close()], kv });
await workersStarting.catch(exitIfFixable);
console.log(
  `GoalMates listening on http://${server.addr.hostname}:${server.addr.port} (${config.env}, ` +
    `${config.workers} worker${config.workers === 1 ? "" : "s"})`,
);
