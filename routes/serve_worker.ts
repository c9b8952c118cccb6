/**
 * A worker isolate of WORKERS (routes/serve_workers.ts says who runs what): its own app on the
 * shared database, listening on the main isolate's port with `reusePort`. It serves HTTP only;
 * the main isolate has run the migrations and runs the queue and the crons.
 */
/// <reference lib="deno.worker" />
import { loadConfig, unsubscribeKeyOf } from "../lib/config.ts";
import { useUnsubscribeKey } from "../lib/notifications/mod.ts";
import { openKv } from "../lib/db/kv.ts";
import { useMailQueueKey } from "../lib/mail/mod.ts";
import { flushLogs, redactLogText, setLogWorker } from "../lib/log.ts";
import { passwordPool } from "../lib/auth/passwords.ts";
import { imagePool } from "../lib/images/mod.ts";
import { createApp } from "./mod.tsx";
import { DEFAULT_HEADER_TIMEOUT_MS, type GuardedServer, serveGuarded } from "./serve.ts";
import { type FromWorker, logListening, type ToWorker } from "./serve_workers.ts";

const post = (message: FromWorker) => self.postMessage(message);
let stopping: Promise<void> | null = null;
let running: { server: GuardedServer; kv: Deno.Kv } | null = null;

async function start({ id, port, assets, mailQueueKey }: Extract<ToWorker, { type: "start" }>): Promise<void> {
  setLogWorker(id);
  const config = loadConfig();
  // The main isolate's key: mail this isolate queues is sealed so that the queue can open it.
  useMailQueueKey(mailQueueKey);
  // The same unsubscribe key as the main isolate (main.ts derives it alike).
  useUnsubscribeKey(unsubscribeKeyOf({ unsubscribeKey: config.unsubscribeKey, mailQueueKey }, config.env));
  const kv = await openKv(config.kvPath);
  const app = createApp({ kv, config, assets, watchTeamChanges: true });
  const server = serveGuarded({
    port,
    hostname: config.hostname,
    reusePort: true,
    headerTimeoutMs: DEFAULT_HEADER_TIMEOUT_MS,
    onListen: (addr) => logListening(addr, id, config.workers),
  }, app.fetch);
  running = { server, kv };
  flushLogs();
  post({ type: "listening" });
}

/** No new connections, requests in flight answered, then the pools and the database closed. */
async function stop(): Promise<void> {
  if (running) {
    await running.server.shutdown();
    passwordPool.close();
    imagePool.close();
    running.kv.close();
  }
  flushLogs();
  post({ type: "stopped" });
}

self.onmessage = ({ data }: MessageEvent<ToWorker>) => {
  if (data.type === "start") {
    start(data).catch((error) => post({ type: "failed", message: redactLogText(String(error?.message ?? error)) }));
  } else if (data.type === "stop") {
    stopping ??= stop();
  }
};
