import type { Context, MiddlewareHandler } from "hono";
import { getConnInfo } from "hono/deno";
import { ForbiddenError, isApiPath, UnsupportedMediaTypeError, ValidationError } from "./errors.ts";

const SAFE_METHOD = /^(GET|HEAD|OPTIONS)$/;
/** Content types a cross-site HTML form (or a no-cors fetch) can send without a preflight. */
const FORM_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\b/i;
const JSON_TYPE = /^\s*application\/json\s*(;|$)/i;

/**
 * Refuses state-changing requests from other origins: an `Origin` header must be allowed;
 * without one, `Sec-Fetch-Site` must say same-origin; a form-like request with neither is
 * refused, since a browser always sends one of them.
 */
export function originGuard(isAllowed: (origin: string, c: Context) => boolean): MiddlewareHandler {
  return async (c, next) => {
    if (!SAFE_METHOD.test(c.req.method)) {
      const origin = c.req.header("origin");
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

/** A state-changing API request that carries a body must say it is JSON (else 415). */
export const jsonOnly: MiddlewareHandler = async (c, next) => {
  if (isApiPath(c.req.path) && !SAFE_METHOD.test(c.req.method)) {
    const contentType = c.req.header("content-type");
    const hasBody = contentType !== undefined || (c.req.header("content-length") ?? "0") !== "0" ||
      c.req.header("transfer-encoding") !== undefined;
    if (hasBody && !JSON_TYPE.test(contentType ?? "")) throw new UnsupportedMediaTypeError();
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
