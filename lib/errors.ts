import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";

/** The one error vocabulary: handlers throw these, `onError` turns them into responses. */
export class AppError extends Error {
  constructor(readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429, message: string) {
    super(message);
    this.name = new.target.name;
  }
}
export class ValidationError extends AppError {
  /** Field → message, for forms that show errors next to their inputs. */
  constructor(message: string, readonly fields: Record<string, string> = {}) {
    super(400, message);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = "Please sign in to continue.") {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = "You do not have access to this.") {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = "Not found") {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message = "This was changed by someone else. Please try again.") {
    super(409, message);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message = "Request body is too large.") {
    super(413, message);
  }
}
export class UnsupportedMediaTypeError extends AppError {
  constructor(message = "Content-Type must be application/json.") {
    super(415, message);
  }
}
export class RateLimitError extends AppError {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(429, message);
  }
}

export const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

export interface ErrorPageRenderer {
  (c: Context, status: number, title: string, message: string): Response | Promise<Response>;
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
      status = err.status;
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
    if (err instanceof RateLimitError) res.headers.set("Retry-After", String(err.retryAfterSeconds));
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
    default:
      return status >= 500 ? "Something Went Wrong" : "Bad Request";
  }
}
