import type { Context, MiddlewareHandler } from "hono";
import { isApiPath, recordSecurityEvent, securityEventOf } from "./errors.ts";
import { clientIp } from "./http.ts";
import type { RenderedPage } from "../lib/render/page.tsx";

// Lowercase names: Deno's response path takes them without normalising (and HTTP/2 wants them so).
const COMMON: [string, string][] = [
  ["strict-transport-security", "max-age=31536000; includeSubDomains"],
  ["x-frame-options", "DENY"],
  ["x-content-type-options", "nosniff"],
  ["referrer-policy", "strict-origin-when-cross-origin"],
  ["cross-origin-opener-policy", "same-origin"],
];

/**
 * Public team pages and the public roster JSON hold children's names: search engines are asked
 * not to index them or their images (R41). Sent with the other headers, so a cached roster
 * (served through `respond`) carries it too.
 */
const NOT_INDEXED = /^\/(?:t\/[^/]+\/(?:roster|claim)|api\/teams\/[^/]+\/roster)$/;
const ROBOTS: [string, string] = ["x-robots-tag", "noindex, noimageindex"];

/**
 * `Cache-Control: no-store` for a JSON answer (`c.json(body, status, NO_STORE)`): what it holds
 * depends on who asks or is private, so no browser or proxy cache keeps it.
 */
export const NO_STORE: Readonly<Record<string, string>> = Object.freeze({ "Cache-Control": "no-store" });
/** The same for a page sent with `sendPage`: it shows someone's data, so it is never cached. */
export const PRIVATE_PAGE: readonly [string, string][] = [["cache-control", "no-store"]];
/**
 * A page opened from an e-mailed link, or one whose URL carries a secret: never cached, and the
 * secret never sent on in a Referer.
 */
export const LINK_PAGE: readonly [string, string][] = [["cache-control", "no-store"], [
  "referrer-policy",
  "no-referrer",
]];

const COMMON_NAMES = new Set(["content-security-policy", ROBOTS[0], ...COMMON.map(([name]) => name)]);

const pageCsp = (nonce: string) =>
  `default-src 'self'; script-src 'nonce-${nonce}' 'strict-dynamic'; style-src 'self'; ` +
  `img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; ` +
  `form-action 'self'; frame-ancestors 'none'`;
/** JSON is never rendered as a document, so it may load nothing. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";
/**
 * A page that is the same bytes for everyone (`renderPage(…, { shared: true })`: the public
 * roster, the landing and marketing pages) is answered from the public response cache
 * (routes/fast_path.ts), so it cannot carry a per-response nonce. Its only script that runs is
 * the boot module, a file of this site, which imports the islands' files from this site; island
 * props are `application/json` data, which never runs. So scripts may come from this site only:
 * no inline script runs ('unsafe-inline' is absent), `base-uri 'none'` keeps relative script
 * URLs here, and nothing this site serves under a JavaScript type is anyone's upload (photos
 * are images, sent with `nosniff`). Everything else matches `pageCsp`.
 */
export const SHARED_PAGE_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; " +
  "img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; " +
  "form-action 'self'; frame-ancestors 'none'";
/** A site file (script, stylesheet, icon) loads nothing when opened as a document. */
export const FILE_CSP = API_CSP;

function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Security headers (R20, R21) on every response, and a request id for logs (sent back on
 * server errors). Pages get a fresh CSP nonce (read by the renderer from
 * `secureHeadersNonce`); API responses a fixed, stricter policy. A finished request that is a
 * security event (a refused sign-in, a 429, a refused cross-site post) is logged here, after
 * every handler and `onError`, through `recordSecurityEvent` (routes/errors.ts).
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
    if (NOT_INDEXED.test(c.req.path)) pairs.push(ROBOTS);
    c.set("securityHeaders", pairs);
    await next();
    const headers = c.res.headers;
    if (headers.get("content-security-policy") !== csp) {
      // A value the route chose itself (a stricter Referrer-Policy) stands.
      for (const [name, value] of pairs) if (!headers.has(name)) headers.set(name, value);
    }
    // Only failures carry the id: it is what someone reporting a problem can quote.
    if (c.res.status >= 500) headers.set("x-request-id", requestId);
    // Refused sign-ins, 429s and cross-site posts are security events (R39), however answered.
    if (c.res.status >= 400 && c.res.status < 500) {
      const found = securityEventOf(c);
      if (found) await recordSecurityEvent(c, found, clientIp(c));
    }
  };
}

/** A response with the security headers given at construction (the fast path). */
export function respond(
  c: Context,
  body: string,
  status: number,
  headers: readonly [string, string][],
): Response {
  const common: [string, string][] = c.get("securityHeaders") ?? [];
  // The route's own value for a header replaces the common one rather than repeating it
  // (checked cheaply first: the hot routes set none of the common headers).
  const base = headers.some(([name]) => COMMON_NAMES.has(name))
    ? common.filter(([name]) => !headers.some(([own]) => own === name))
    : common;
  return new Response(body, { status, headers: [...base, ...headers] });
}

/**
 * Sends a rendered page with this response's nonce (and any extra headers); a shared page, the
 * same for everyone, with no nonce and `SHARED_PAGE_CSP`.
 */
export function sendPage(c: Context, page: RenderedPage, headers: readonly [string, string][] = []): Response {
  // Its language, and what decided it (routes/language.ts): a cache between keeps one copy per language.
  const language: [string, string][] = [["content-language", page.lang], ["vary", "Accept-Language, Cookie"]];
  if (page.shared) {
    return respond(c, page.html(""), page.status, [
      ["content-type", "text/html; charset=UTF-8"],
      ["content-security-policy", SHARED_PAGE_CSP],
      ...language,
      ...headers,
    ]);
  }
  return respond(c, page.html(c.get("secureHeadersNonce") ?? ""), page.status, [
    ["content-type", "text/html; charset=UTF-8"],
    ...language,
    ...headers,
  ]);
}
