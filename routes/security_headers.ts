import type { Context, MiddlewareHandler } from "hono";
import { isApiPath } from "./errors.ts";
import type { RenderedPage } from "../lib/render/page.tsx";

// Lowercase names: Deno's response path takes them without normalising (and HTTP/2 wants them so).
const COMMON: [string, string][] = [
  ["strict-transport-security", "max-age=31536000; includeSubDomains"],
  ["x-frame-options", "DENY"],
  ["x-content-type-options", "nosniff"],
  ["referrer-policy", "strict-origin-when-cross-origin"],
  ["cross-origin-opener-policy", "same-origin"],
];

const COMMON_NAMES = new Set(["content-security-policy", ...COMMON.map(([name]) => name)]);

const pageCsp = (nonce: string) =>
  `default-src 'self'; script-src 'nonce-${nonce}' 'strict-dynamic'; style-src 'self'; ` +
  `img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; ` +
  `form-action 'self'; frame-ancestors 'none'`;
/** JSON is never rendered as a document, so it may load nothing. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Security headers (R20, R21) on every response, and a request id for logs (sent back on
 * server errors). Pages get a fresh CSP nonce (read by the renderer from
 * `secureHeadersNonce`); API responses a fixed, stricter policy.
 *
 * Hot routes build their Response with `respond()`, which passes every header at
 * construction (Deno converts a Response's headers once; each later change costs another
 * conversion). Anything else gets the headers added after the handler.
 */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    const requestId = crypto.randomUUID();
    c.set("requestId", requestId);
    let csp = API_CSP;
    if (!isApiPath(c.req.path)) {
      const nonce = newNonce();
      c.set("secureHeadersNonce", nonce);
      csp = pageCsp(nonce);
    }
    const pairs: [string, string][] = [["content-security-policy", csp], ...COMMON];
    c.set("securityHeaders", pairs);
    await next();
    const headers = c.res.headers;
    if (headers.get("content-security-policy") !== csp) {
      // A value the route chose itself (a stricter Referrer-Policy) stands.
      for (const [name, value] of pairs) if (!headers.has(name)) headers.set(name, value);
    }
    // Only failures carry the id: it is what someone reporting a problem can quote.
    if (c.res.status >= 500) headers.set("x-request-id", requestId);
  };
}

/** A response with the security headers given at construction (the fast path). */
export function respond(
  c: Context,
  body: string,
  status: number,
  headers: [string, string][],
): Response {
  const common: [string, string][] = c.get("securityHeaders") ?? [];
  // The route's own value for a header replaces the common one rather than repeating it
  // (checked cheaply first: the hot routes set none of the common headers).
  const base = headers.some(([name]) => COMMON_NAMES.has(name))
    ? common.filter(([name]) => !headers.some(([own]) => own === name))
    : common;
  return new Response(body, { status, headers: [...base, ...headers] });
}

/** Sends a rendered page with this response's nonce (and any extra headers). */
export function sendPage(c: Context, page: RenderedPage, headers: [string, string][] = []): Response {
  return respond(c, page.html(c.get("secureHeadersNonce") ?? ""), page.status, [
    ["content-type", "text/html; charset=UTF-8"],
    ...headers,
  ]);
}
