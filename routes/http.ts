import type { Context, MiddlewareHandler } from "hono";
import { getConnInfo } from "hono/deno";
import { ForbiddenError, ValidationError } from "../lib/errors.ts";
import { INVALID_CURSOR_MESSAGE, MAX_PAGE_SIZE } from "../lib/db/kv.ts";
import { isApiPath, UnsupportedMediaTypeError } from "./errors.ts";

const SAFE_METHOD = /^(GET|HEAD|OPTIONS)$/;
/** Content types a cross-site HTML form (or a no-cors fetch) can send without a preflight. */
const FORM_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\b/i;
const JSON_TYPE = /^\s*application\/json\s*(;|$)/i;
/** The one API body that is not JSON: a roster CSV upload (it cannot be sent cross-site without a preflight). */
const CSV_TYPE = /^\s*text\/csv\s*(;|$)/i;
const CSV_UPLOAD = /^\/api\/admin\/[^/]+\/players\/import$/;

/**
 * Refuses state-changing requests from other origins: an `Origin` header must be allowed;
 * without one (or with `null`), `Sec-Fetch-Site` must say same-origin; a form-like request
 * with neither is refused, since a browser always sends one of them.
 */
export function originGuard(isAllowed: (origin: string, c: Context) => boolean): MiddlewareHandler {
  return async (c, next) => {
    if (!SAFE_METHOD.test(c.req.method)) {
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

/** A state-changing API request that carries a body must say it is JSON (else 415), CSV uploads aside. */
export const jsonOnly: MiddlewareHandler = async (c, next) => {
  if (isApiPath(c.req.path) && !SAFE_METHOD.test(c.req.method)) {
    const contentType = c.req.header("content-type");
    const hasBody = contentType !== undefined || (c.req.header("content-length") ?? "0") !== "0" ||
      c.req.header("transfer-encoding") !== undefined;
    const csvUpload = c.req.method === "POST" && CSV_UPLOAD.test(c.req.path) && CSV_TYPE.test(contentType ?? "");
    if (hasBody && !JSON_TYPE.test(contentType ?? "") && !csvUpload) throw new UnsupportedMediaTypeError();
  }
  await next();
};

/** Reads a JSON request body; anything unparsable is a 400 with a plain message. */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) throw new ValidationError("Request body must be a JSON object.");
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationError("Request body must be valid JSON.");
  }
}

/** A JSON body's fields; a body that is not an object (an array, a number, null) has none. */
export async function readJsonFields(c: Context): Promise<Record<string, unknown>> {
  const body = await readJson(c);
  return typeof body === "object" && body !== null && !Array.isArray(body) ? body as Record<string, unknown> : {};
}

/** A text field of a parsed form; "" when it is absent or a file. */
export const formText = (form: Record<string, unknown>, name: string): string =>
  typeof form[name] === "string" ? form[name] as string : "";

/** The peer address of the connection (no proxy headers are trusted). */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * `next` when it is a path on this site ("/home", "/teams/x?tab=1"), else `fallback`.
 * Refuses absolute and protocol-relative URLs ("//evil.example", "/\\evil.example").
 */
export function safeLocalPath(next: unknown, fallback: string): string {
  if (typeof next !== "string" || !/^\/(?![/\\])/.test(next) || next.length > 2000) return fallback;
  try {
    const url = new URL(next, "http://local.invalid");
    return url.origin === "http://local.invalid" ? url.pathname + url.search + url.hash : fallback;
  } catch {
    return fallback;
  }
}

/** KV cursors are short base64url strings; anything else is refused before it reaches KV. */
const CURSOR = /^[A-Za-z0-9_=-]{1,512}$/;

/** A page cursor from the query string ("" for the first page; 400 for a malformed one). */
export function cursorQuery(c: Context, name = "cursor"): string {
  const cursor = c.req.query(name) ?? "";
  if (cursor && !CURSOR.test(cursor)) throw new ValidationError(INVALID_CURSOR_MESSAGE);
  return cursor;
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
