/**
 * `GET /healthz` for a load balancer or an uptime check: 200 `{"status":"ok"}` when the database
 * answers a read in time, else 503 `{"status":"unavailable"}`. It reads no session or cookie and
 * counts against no rate limit (a balancer polls it from one address), and is never cached.
 */
import { Hono } from "hono";
import type { AppEnv } from "./app_env.ts";
import { pingKv } from "../lib/db/health.ts";
import { NO_STORE } from "./security_headers.ts";

/** How long the database may take to answer: the check itself answers within about this. */
export const HEALTH_KV_DEADLINE_MS = 40;

export const healthRoutes = new Hono<AppEnv>().get("/healthz", async (c) => {
  const healthy = await pingKv(c.var.deps.kv, HEALTH_KV_DEADLINE_MS);
  return healthy ? c.json({ status: "ok" }, 200, NO_STORE) : c.json({ status: "unavailable" }, 503, NO_STORE);
});
