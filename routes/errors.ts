/** How the domain errors of `lib/errors.ts` become HTTP responses: the app's one `onError`. */
import type { Context, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import {
  AppError,
  BusyError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitError,
  UnauthorizedError,
  ValidationError,
} from "../lib/errors.ts";
import { accountHint, logSecurityEvent, redactPath, type SecurityEventName } from "../lib/security_log.ts";
import type { AppEnv } from "./app_env.ts";
import { errorText } from "../lib/log.ts";
import { routePatternOf } from "./request_log.ts";
import { ruled } from "./rules.ts";
import { messagesFor } from "../lib/i18n/catalog.ts";

/** The HTTP layer's own texts, in English: answers are put in the request's language on the way out. */
const TEXT = messagesFor("en").errors;

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/** The status a domain error answers with. */
export function httpStatusOf(error: AppError): ErrorStatus {
  if (error instanceof ValidationError) return 400;
  if (error instanceof UnauthorizedError) return 401;
  if (error instanceof ForbiddenError) return 403;
  if (error instanceof NotFoundError) return 404;
  if (error instanceof ConflictError) return 409;
  if (error instanceof RateLimitError) return 429;
  if (error instanceof BusyError) return 503;
  return 400;
}

/** Errors of the HTTP layer itself (body size, content type), not of the domain. */
export class PayloadTooLargeError extends HTTPException {
  constructor(message: string = TEXT.bodyTooLarge) {
    super(413, { message });
  }
}
export class UnsupportedMediaTypeError extends HTTPException {
  constructor(message: string = TEXT.notJson) {
    super(415, { message });
  }
}

export const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

export const BODY_UNREADABLE = TEXT.bodyUnreadable;

/**
 * A request body the client cut short: the connection ended before the `Content-Length` it
 * announced, or inside a chunk. Deno fails the read with `BadResource` ("Cannot read (request)
 * body…"). The readers of routes/http.ts answer 400 for it themselves; this catches the reads
 * they do not make, such as a route's body limit buffering a chunked body before its handler runs.
 */
export const isCutShortBody = (error: unknown): boolean =>
  error instanceof Deno.errors.BadResource && /\bbody\b/i.test(error.message);

export interface ErrorPageRenderer {
  (c: Context, status: number, title: string, message: string): Response | Promise<Response>;
}

/** `Retry-After` for an error that tells when to come back, else nothing. */
export function retryAfterHeader(error: unknown): [string, string][] {
  return error instanceof RateLimitError || error instanceof BusyError
    ? [["Retry-After", String(error.retryAfterSeconds)]]
    : [];
}

/** A domain error's class, to name the refusals a form shows (`refusalOf(error, ValidationError)`). */
// deno-lint-ignore no-explicit-any
type AppErrorClass = abstract new (...args: any[]) => AppError;
/** The error a refusal holds: one of the named classes', else any domain error. */
type RefusedError<K extends AppErrorClass[]> = K extends [] ? AppError : InstanceType<K[number]>;

/** What a form (or a call that answers in its own shape) shows of a refusal from lib/. */
export interface Refusal<E extends AppError = AppError> {
  error: E;
  status: ErrorStatus;
  message: string;
  /** The refused fields' messages (a ValidationError's; none for the others). */
  fields: Record<string, string>;
  /** `Retry-After` when the refusal says when to come back. */
  headers: [string, string][];
  /** The fields' messages, else the message under `name` (where the form shows a general error). */
  fieldsOr(name: string): Record<string, string>;
}

/**
 * The one way a route turns a refusal from lib/ into what its form shows again: a domain error
 * (`lib/errors.ts`; when `kinds` are given, one of them) becomes its status, message, field
 * messages and headers. Anything else is no refusal and is thrown on, to the app's `onError`.
 * @example
 * try { await saveProfileName(kv, user.id, values); }
 * catch (error) { const refused = refusalOf(error); return sendForm(c, refused.fieldsOr("_"), refused.status); }
 */
export function refusalOf<K extends AppErrorClass[]>(error: unknown, ...kinds: K): Refusal<RefusedError<K>> {
  const refused = error instanceof AppError && (kinds.length === 0 || kinds.some((kind) => error instanceof kind));
  if (!refused) throw error;
  const fields = error instanceof ValidationError ? error.fields : {};
  return {
    error: error as RefusedError<K>,
    status: httpStatusOf(error),
    message: error.message,
    fields,
    headers: retryAfterHeader(error),
    fieldsOr: (name) => Object.keys(fields).length > 0 ? fields : { [name]: error.message },
  };
}

/**
 * Builds the app's single error handler: JSON `{ message }` under /api, an HTML page elsewhere.
 * Unknown errors are logged with the request id and never echoed.
 */
export function createErrorHandler(renderErrorPage: ErrorPageRenderer) {
  return async (err: Error, c: Context): Promise<Response> => {
    let status: number;
    let message: string;
    if (err instanceof AppError) {
      status = httpStatusOf(err);
      message = err.message;
    } else if (err instanceof HTTPException && err.status < 500) {
      status = err.status;
      message = err.message || defaultMessage(status);
    } else if (isCutShortBody(err)) {
      status = 400;
      message = BODY_UNREADABLE;
    } else {
      status = 500;
      message = TEXT.server;
      logServerError(c, err);
    }
    const res = isApiPath(c.req.path)
      ? c.json({ message }, status as 400, { "Cache-Control": "no-store" })
      : await renderErrorPage(c, status, titleFor(status), message);
    for (const [name, value] of retryAfterHeader(err)) res.headers.set(name, value);
    return res;
  };
}

/**
 * A 500 as one JSON line on stderr: the request id (sent back in `x-request-id`), the route's
 * pattern rather than the path (which may hold a token), and the error's redacted stack.
 */
function logServerError(c: Context, err: unknown): void {
  console.error(JSON.stringify({
    time: new Date().toISOString(),
    level: "error",
    event: "request.failed",
    requestId: c.get("requestId") ?? null,
    method: c.req.method,
    route: routePatternOf(c) ?? redactPath(c.req.path),
    error: errorText(err),
  }));
}

function defaultMessage(status: number): string {
  return status === 403 ? TEXT.refused : status === 404 ? TEXT.notFound : TEXT.bad;
}

/** An error page's title (in English: the page puts it in the request's language). */
export function titleFor(status: number): string {
  switch (status) {
    case 404:
      return TEXT.titles.notFound;
    case 403:
      return TEXT.titles.forbidden;
    case 429:
      return TEXT.titles.tooMany;
    case 503:
      return TEXT.titles.busy;
    default:
      return status >= 500 ? TEXT.titles.server : TEXT.titles.bad;
  }
}

// ---- Security events (R39) ----

/** The message of the origin guard's refusal (routes/http.ts), which names a CSRF attempt. */
export const CROSS_ORIGIN_REFUSED = TEXT.crossOrigin;

export interface FoundSecurityEvent {
  event: SecurityEventName;
  via?: string;
}

/**
 * Declares a sign-in route: a refusal of what it was given (401, or `failedStatus`: the magic
 * link's 'Link expired' page is a 400) is a failed login, named by how it signs in (`via`), and
 * logged as one by `securityHeaders` (R39).
 */
export function signInRoute(via: string, failedStatus = 401): MiddlewareHandler<AppEnv> {
  return ruled(`login:${via}`, async (c: Context<AppEnv>, next) => {
    await next();
    if (c.res.status === failedStatus) c.set("failedSignIn", via);
  });
}

/**
 * Whether a finished request is a security event: a refused sign-in (as its route declared it),
 * any 429, or a post the origin guard refused. Read from the response (and the error `onError`
 * handled), so the pages that show their own refusal (the login forms, the claim form) are seen
 * as well as the API.
 */
export function securityEventOf(c: Context<AppEnv>): FoundSecurityEvent | null {
  const status = c.res.status;
  if (status === 429) return { event: "rate_limit.hit" };
  if (status === 403) {
    const error = c.error;
    return error instanceof ForbiddenError && error.message === CROSS_ORIGIN_REFUSED
      ? { event: "cross_origin.refused" }
      : null;
  }
  const via = c.var.failedSignIn;
  return via ? { event: "login.failed", via } : null;
}

/**
 * The account a refused post named, as a keyed hash: only the `email` or `username` field of a
 * body the route already read (never a token or a password field, never a body read anew).
 */
async function accountOf(c: Context): Promise<string | undefined> {
  if (c.req.method !== "POST" || Object.keys(c.req.bodyCache).length === 0) return undefined;
  try {
    const type = c.req.header("content-type") ?? "";
    const body: Record<string, unknown> = /^\s*application\/json/i.test(type)
      ? await c.req.json()
      : await c.req.parseBody();
    const name = typeof body?.email === "string" ? body.email : body?.username;
    return typeof name === "string" && name.trim() ? await accountHint(name.slice(0, 320)) : undefined;
  } catch {
    return undefined;
  }
}

/** Logs `found` as one line: no query string, ids and tokens cut from the path, a hashed account. */
export async function recordSecurityEvent(c: Context, found: FoundSecurityEvent, ip: string): Promise<void> {
  const account = found.event === "cross_origin.refused" ? undefined : await accountOf(c);
  logSecurityEvent({
    event: found.event,
    requestId: c.get("requestId") ?? "-",
    method: c.req.method,
    path: redactPath(c.req.path),
    ip,
    status: c.res.status,
    ...(found.via ? { via: found.via } : {}),
    ...(account ? { account } : {}),
  });
}
