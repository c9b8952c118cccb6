/** How the domain errors of `lib/errors.ts` become HTTP responses: the app's one `onError`. */
import type { Context } from "hono";
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
  constructor(message = "Request body is too large.") {
    super(413, { message });
  }
}
export class UnsupportedMediaTypeError extends HTTPException {
  constructor(message = "Content-Type must be application/json.") {
    super(415, { message });
  }
}

export const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

export interface ErrorPageRenderer {
  (c: Context, status: number, title: string, message: string): Response | Promise<Response>;
}

/** `Retry-After` for an error that tells when to come back, else nothing. */
export function retryAfterHeader(error: unknown): [string, string][] {
  return error instanceof RateLimitError || error instanceof BusyError
    ? [["Retry-After", String(error.retryAfterSeconds)]]
    : [];
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
    } else {
      status = 500;
      message = "Something went wrong on our side. Please try again.";
      console.error(`[${c.get("requestId") ?? "-"}] ${c.req.method} ${c.req.path}`, err);
    }
    const res = isApiPath(c.req.path)
      ? c.json({ message }, status as 400, { "Cache-Control": "no-store" })
      : await renderErrorPage(c, status, titleFor(status), message);
    for (const [name, value] of retryAfterHeader(err)) res.headers.set(name, value);
    return res;
  };
}

function defaultMessage(status: number): string {
  return status === 403 ? "Request refused." : status === 404 ? "Not found" : "Bad request.";
}

function titleFor(status: number): string {
  switch (status) {
    case 404:
      return "404 Page Not Found";
    case 403:
      return "Access Denied";
    case 429:
      return "Too Many Requests";
    case 503:
      return "Busy";
    default:
      return status >= 500 ? "Something Went Wrong" : "Bad Request";
  }
}
