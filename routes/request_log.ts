/** The request log: one JSON line per request (lib/log.ts), named by the route that matched it. */
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { logRequest } from "../lib/log.ts";

/**
 * The pattern of the route that matched (`/t/:slug/roster`): the last matched entry that is a
 * route of its own, not a middleware (`ALL`, or a method on `*`). Null when no route matched
 * (a 404), so a mistyped or probing path never reaches the log as it was sent.
 */
export function routePatternOf(c: Context): string | null {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    const { method, path } = routes[i];
    if (method !== "ALL" && path !== "*" && path !== "/*") return path;
  }
  return null;
}

/** Logs each request once it is answered (errors included: `onError` has set the response by then). */
export function requestLog(): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      logRequest(c.req.method, routePatternOf(c), c.res.status, performance.now() - started);
    }
  };
}
