/**
 * SIGTERM (systemd, Docker, a deploy) and SIGINT (Ctrl-C) stop the app gracefully: the server
 * refuses new connections and finishes the requests in flight, background work ends
 * (lib/lifecycle.ts says how, leases included), and the process exits with status 0, within
 * `STOP_DEADLINE_MS` and a moment more.
 */
import { type Lifecycle, STOP_DEADLINE_MS, type StopPlan } from "../lib/lifecycle.ts";
import type { GuardedServer } from "./serve.ts";

export const STOP_SIGNALS: readonly Deno.Signal[] = ["SIGTERM", "SIGINT"];

export interface StopOptions {
  log?: (line: string) => void;
  exit?: (code: number) => void;
}

/** Stops the app on SIGTERM or SIGINT; a second signal during the stop changes nothing. */
export function stopOnSignals(
  lifecycle: Lifecycle,
  server: Pick<GuardedServer, "shutdown">,
  plan: Omit<StopPlan, "drain">,
  options: StopOptions = {},
): void {
  const log = options.log ?? console.log;
  const exit = options.exit ?? Deno.exit;
  const stop = (signal: Deno.Signal) => {
    if (lifecycle.stopping) return;
    log(
      `GoalMates stopping (${signal}): no new connections; finishing requests and jobs in hand ` +
        `(at most ${STOP_DEADLINE_MS / 1000} s)`,
    );
    lifecycle.stop({ ...plan, drain: () => server.shutdown() }).then(({ finished, ms }) => {
      log(
        finished
          ? `GoalMates stopped in ${ms} ms`
          : `GoalMates stopped after ${ms} ms: gave up on requests or jobs still in hand`,
      );
      exit(0);
    }, (error) => {
      console.error("GoalMates could not stop cleanly:", error);
      exit(1);
    });
  };
  for (const signal of STOP_SIGNALS) {
    try {
      Deno.addSignalListener(signal, () => stop(signal));
    } catch {
      // A platform without this signal (Windows has no SIGTERM): the others still stop the app.
    }
  }
}
