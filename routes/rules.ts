/**
 * The rules a route declares on itself, besides who may call it, as the route table
 * (routes/policy.ts) names them. Each is a middleware in the route's own chain, never a test of
 * the URL: a new or renamed route has exactly the rules it lists.
 */
import type { MiddlewareHandler } from "hono";

export type Rule =
  /** A JSON body (else 415) of at most 1 MB (else 413): every API call that changes something. */
  | "json-body"
  /** As `json-body`, and a `text/csv` body too (the roster import). */
  | "csv-body"
  /** A form post (urlencoded or multipart) of at most 1 MB (else 413): every page's post. */
  | "form-body"
  /** Raw bytes, neither JSON nor under 1 MB: the photo upload's PUT, under a limit of its own. */
  | "raw-body"
  /**
   * Any site may post here, with or without Origin (the origin guard lets it through): only the
   * RFC 8058 one-click unsubscribe, which a mail provider posts and whose signed token is the credential.
   */
  | "cross-site-post"
  /** A team's shared login is refused (403): the routes that manage who gets into a team (R12). */
  | "no-team-login"
  /** A sign-in: a refused one is logged as a failed login, with how it signs in (R39). */
  | `login:${string}`;

/** Tags a middleware with the rule it enforces, so the route table's test finds it in a route's chain. */
export function ruled<M extends MiddlewareHandler>(rule: Rule, middleware: M): M & { rule: Rule } {
  return Object.assign(middleware, { rule });
}

/** The rules among a route's handlers (in the order they run). */
export function rulesOf(handlers: readonly unknown[]): Rule[] {
  return handlers.flatMap((handler) =>
    typeof handler === "function" && "rule" in handler ? [(handler as { rule: Rule }).rule] : []
  );
}
