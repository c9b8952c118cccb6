import type { Context, MiddlewareHandler, Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getConnInfo } from "hono/deno";
import { matchedRoutes } from "hono/route";
import type { BodyData } from "hono/utils/body";
import { HTTPException } from "hono/http-exception";
import { AppError, ForbiddenError, ValidationError } from "../lib/errors.ts";
import { isIpAddress } from "../lib/config.ts";
import { INVALID_CURSOR_MESSAGE, MAX_PAGE_SIZE } from "../lib/db/kv.ts";
import { BODY_UNREADABLE, isCutShortBody, PayloadTooLargeError, UnsupportedMediaTypeError } from "./errors.ts";
import { ruled } from "./rules.ts";
import { unknownField, unknownFieldMessage } from "../lib/text.ts";

const SAFE_METHOD = /^(GET|HEAD|OPTIONS)$/;
/** Content types a cross-site HTML form (or a no-cors fetch) can send without a preflight. */
const FORM_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\b/i;
const JSON_TYPE = /^\s*application\/json\s*(;|$)/i;
/** A roster CSV upload's type (it cannot be sent cross-site without a preflight). */
const CSV_TYPE = /^\s*text\/csv\s*(;|$)/i;

/**
 * Refuses state-changing requests from other origins: an `Origin` header must be allowed;
 * without one (or with `null`), `Sec-Fetch-Site` must say same-origin; a form-like request
 * with neither is refused, since a browser always sends one of them. A route that declares
 * `crossSitePost` on itself is let through.
 */
export function originGuard(isAllowed: (origin: string, c: Context) => boolean): MiddlewareHandler {
  return async (c, next) => {
    if (!SAFE_METHOD.test(c.req.method) && !declaresCrossSitePost(c)) {
      // A page sent with `Referrer-Policy: no-referrer` (those that carry e-mailed tokens) makes
      // the browser send `Origin: null` with its own forms; Sec-Fetch-Site then decides.
      const rawOrigin = c.req.header("origin");
      const origin = rawOrigin === "null" ? undefined : rawOrigin;
      const site = c.req.header("sec-fetch-site");
      const contentType = c.req.header("content-type") ?? "text/plain";
      const refused = origin !== undefined
        ? !isAllowed(origin, c)
        : site !== undefined
        ? site !== "same-origin" && site !== "none"
        : FORM_TYPE.test(contentType);
      if (refused) throw new ForbiddenError("Cross-origin request refused.");
    }
    await next();
  };
}

/**
 * A route any site may post to: the one-click unsubscribe (RFC 8058), which a mail provider posts
 * with no cookie and no Origin, and whose signed token is its only credential. It does nothing
 * itself: the origin guard, which runs before every route, looks for it among the matched handlers.
 */
export const crossSitePost = ruled("cross-site-post", (_c: Context, next: Next) => next());

const declaresCrossSitePost = (c: Context) =>
  matchedRoutes(c).some((route) => (route.handler as { rule?: string }).rule === "cross-site-post");

// ---- Body rules: each route that takes a body declares which one it reads (routes/rules.ts) ----

/** The largest body a JSON call or a form post may carry (413 above it). */
export const MAX_BODY_BYTES = 1024 * 1024;

const limitBody = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new PayloadTooLargeError();
  },
});

/** Whether a request says it carries a body: a type, a length other than 0, or chunks. */
const carriesBody = (c: Context) =>
  c.req.header("content-type") !== undefined || (c.req.header("content-length") ?? "0") !== "0" ||
  c.req.header("transfer-encoding") !== undefined;

/** A body of at most 1 MB (else 413) that, when there is one, has one of the `types` (else 415). */
function typedBody(types: RegExp[]): MiddlewareHandler {
  return (c, next) =>
    limitBody(c, async () => {
      const type = c.req.header("content-type") ?? "";
      if (carriesBody(c) && !types.some((accepted) => accepted.test(type))) throw new UnsupportedMediaTypeError();
      await next();
    });
}

/** An API call that changes something: its body, if any, is JSON (else 415) of at most 1 MB (else 413). */
export const jsonBody = ruled("json-body", typedBody([JSON_TYPE]));

/** As `jsonBody`, and a CSV file too: the roster import, which takes either (its handler says which it reads). */
export const csvBody = ruled("csv-body", typedBody([JSON_TYPE, CSV_TYPE]));

/** A page's form post (urlencoded or multipart, read by `readForm`) of at most 1 MB (else 413). */
export const formBody = ruled("form-body", (c: Context, next: Next) => limitBody(c, next));

/**
 * Raw bytes, neither JSON nor under the 1 MB limit: a declared length over `maxBytes` is refused
 * (413, `message`) before anything is read. A body without a length is counted by the handler
 * as it streams (the photo upload: its upload's declared size, never above `maxBytes`).
 */
export function rawBody(maxBytes: number, message: string): MiddlewareHandler {
  return ruled("raw-body", async (c: Context, next: Next) => {
    const length = c.req.header("content-length");
    if (length !== undefined && /^\d{1,15}$/.test(length.trim()) && Number(length) > maxBytes) {
      await c.req.raw.body?.cancel().catch(() => {});
      throw new PayloadTooLargeError(message);
    }
    await next();
  });
}

/** The longest string any JSON body may carry in a field (or a field name): far above every rule. */
export const MAX_JSON_STRING = 10_000;
/**
 * Fields that name a person or a record (an address, a username, an id, a token): these end
 * up in KV keys, whose size is bounded, so they are bounded here, before any handler runs.
 */
export const MAX_KEY_FIELD = 320;
const KEY_FIELDS = new Set([
  "email",
  "confirmEmail",
  "username",
  "token",
  "code",
  "slug",
  "teamSlug",
  "teamId",
  "selectedTeamId",
  "userId",
  "playerId",
  "claimId",
]);
/** How deep a JSON body may nest; no call reads more than a few levels. */
const MAX_JSON_DEPTH = 32;
const TOO_DEEP = "Request body is nested too deeply.";
const tooLong = (name: string) => `${name.slice(0, 100)} is too long.`;

/**
 * R25: bounds every string of a parsed body before any rule or key sees it. Walks without
 * recursion, so no body can exhaust the stack.
 */
function boundJson(body: unknown): void {
  const stack: [unknown, number][] = [[body, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === "string") {
      if (value.length > MAX_JSON_STRING) throw new ValidationError("A text field is too long.");
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (depth >= MAX_JSON_DEPTH) throw new ValidationError(TOO_DEEP);
    if (Array.isArray(value)) {
      for (const item of value) stack.push([item, depth + 1]);
      continue;
    }
    for (const [name, field] of Object.entries(value)) {
      if (name.length > MAX_JSON_STRING) throw new ValidationError("A field name is too long.");
      if (KEY_FIELDS.has(name) && typeof field === "string" && field.length > MAX_KEY_FIELD) {
        throw new ValidationError(tooLong(name), { [name]: tooLong(name) });
      }
      stack.push([field, depth + 1]);
    }
  }
}

/**
 * R25/R26: every request body is read through `readText`, `readForm` or `readJson`, so a body
 * the client got wrong is a 400 with a plain message, never a 500: a connection that ends before
 * the `Content-Length` it announced, or a multipart body without its boundary, a boundary that
 * never comes or a truncated part. A refusal of the body limit (413) or a domain error passes.
 */
function unreadableBody(error: unknown, message: string): Error {
  if (error instanceof AppError || error instanceof HTTPException) return error;
  return new ValidationError(isCutShortBody(error) ? BODY_UNREADABLE : message);
}

/** The request body as text (UTF-8 whatever charset it names, as the Fetch standard reads it). */
export async function readText(c: Context): Promise<string> {
  try {
    return await c.req.text();
  } catch (error) {
    throw unreadableBody(error, BODY_UNREADABLE);
  }
}

const FORM_UNREADABLE = "Request body is not a valid form.";

/**
 * The one reader of form posts: `c.req.parseBody()` (urlencoded or multipart; any other type is
 * an empty form; no dot notation; the last of repeated fields), with a malformed body a 400.
 */
export async function readForm(c: Context): Promise<BodyData> {
  try {
    return await c.req.parseBody();
  } catch (error) {
    throw unreadableBody(error, FORM_UNREADABLE);
  }
}

/**
 * Reads a JSON request body; anything unparsable is a 400 with a plain message, and so is a
 * string over its bound (R25: every field is bounded before any check or key).
 */
export async function readJson(c: Context): Promise<unknown> {
  const text = await readText(c);
  if (!text.trim()) throw new ValidationError("Request body must be a JSON object.");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ValidationError("Request body must be valid JSON.");
  }
  boundJson(body);
  return body;
}

/**
 * A JSON body's fields; a body that is not an object (an array, a number, null) has none.
 * With `allowed`, any other field is refused: 400 'Unknown field: x'.
 */
export async function readJsonFields(c: Context, allowed?: readonly string[]): Promise<Record<string, unknown>> {
  const body = await readJson(c);
  const fields = typeof body === "object" && body !== null && !Array.isArray(body)
    ? body as Record<string, unknown>
    : {};
  if (allowed) refuseUnknownFields(fields, allowed);
  return fields;
}

/** 400 'Unknown field: x' for the first field of an object body that is not in `allowed`. */
export function refuseUnknownFields(body: unknown, allowed: readonly string[]): void {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return;
  const unknown = unknownField(body as Record<string, unknown>, allowed);
  if (unknown !== null) throw new ValidationError(unknownFieldMessage(unknown));
}

/** A text field of a parsed form; "" when it is absent or a file. */
export const formText = (form: Record<string, unknown>, name: string): string =>
  typeof form[name] === "string" ? form[name] as string : "";

/** The peer address of the connection (no proxy headers are trusted). */
export function clientIp(c: Context): string {
  let peer: string;
  try {
    peer = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
  // Behind the app's own proxy every peer is the proxy: the client is the last address the proxy
  // added. Earlier entries are whatever the client sent, so they are never believed.
  if (!c.var.deps?.config.trustedProxies.has(peer)) return peer;
  const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
  return forwarded && isIpAddress(forwarded) ? forwarded : peer;
}

/** R20: redirect targets from links and forms (see lib/local_path.ts). */
export { safeLocalPath } from "../lib/local_path.ts";

/** KV cursors are short base64url strings; anything else is refused before it reaches KV. */
const CURSOR = /^[A-Za-z0-9_=-]{1,512}$/;

/** A page cursor from the query string ("" for the first page; 400 for a malformed one). */
export function cursorQuery(c: Context, name = "cursor"): string {
  const cursor = c.req.query(name) ?? "";
  if (cursor && !CURSOR.test(cursor)) throw new ValidationError(INVALID_CURSOR_MESSAGE);
  return cursor;
}

/**
 * The notice a post/redirect/get came back with: `?done=` or `?error=`, when it is one of
 * `codes`' own keys. The URL carries a short code, never text the page shows; `?done=constructor`
 * names nothing.
 */
export function noticeCode<K extends string>(c: Context, codes: Readonly<Record<K, unknown>>): K | undefined {
  return [c.req.query("done"), c.req.query("error")].find((q): q is K => q !== undefined && Object.hasOwn(codes, q));
}

/**
 * Whether an `If-None-Match` header names `etag` or is `*`, by the weak comparison RFC 9110
 * asks for with this header (a `W/` prefix is ignored).
 */
export function ifNoneMatchHas(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const value = tag.trim().replace(/^W\//, "");
    return value === "*" || value === etag;
  });
}

/** `?cursor=&limit=` of a paged list call (400 for a malformed value). */
export function pageQuery(c: Context): { cursor?: string; limit?: number } {
  const cursor = cursorQuery(c);
  const rawLimit = c.req.query("limit");
  if (rawLimit === undefined || rawLimit === "") return { cursor };
  const limit = Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new ValidationError(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  }
  return { cursor, limit };
}

/**
 * R25: the shape every path parameter has (ids, slugs, invite codes, built file names): at
 * most 128 characters of letters, digits, '-', '_' and '.', starting with a letter or digit.
 */
const PATH_PARAM = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
/** A path whose every segment has that shape (or is empty, as a trailing slash). */
const PLAIN_PATH = /^(?:\/(?:[A-Za-z0-9][A-Za-z0-9._-]{0,127})?)*$/;

/**
 * Answers 404 (the app's not-found answer: JSON under /api, the HTML page elsewhere) for a
 * request whose path parameter is not of that shape, before any handler or rate limit runs.
 * It reads the parameters of every route the path matched, since they are not this
 * middleware's own.
 */
export const pathParamGuard: MiddlewareHandler = async (c, next) => {
  // Parameters are whole segments: when every segment already has their shape (nearly every
  // request), so has every parameter, and the routes need not be walked.
  if (PLAIN_PATH.test(c.req.path)) return await next();
  const own = c.req.routeIndex;
  const routes = matchedRoutes(c).length;
  let malformed = false;
  try {
    for (let i = 0; i < routes && !malformed; i++) {
      c.req.routeIndex = i;
      malformed = Object.values(c.req.param() as Record<string, string>).some((value) => !PATH_PARAM.test(value));
    }
  } finally {
    c.req.routeIndex = own;
  }
  if (malformed) return c.notFound();
  await next();
};
