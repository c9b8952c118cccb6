/**
 * The domain's error vocabulary: `lib/` throws these and knows nothing of HTTP. The mapping
 * to status codes and responses lives in `routes/errors.ts`.
 */
export class AppError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}
/** Input that breaks a rule; `fields` maps a form field to its message. */
export class ValidationError extends AppError {
  constructor(message: string, readonly fields: Record<string, string> = {}) {
    super(message);
  }
}
/** No one is signed in, or the credentials are wrong. */
export class UnauthorizedError extends AppError {
  constructor(message = "Please sign in to continue.") {
    super(message);
  }
}
/** Signed in, but not allowed to do this. */
export class ForbiddenError extends AppError {
  constructor(message = "You do not have access to this.") {
    super(message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = "Not found") {
    super(message);
  }
}
/** The record changed (or a rule about existing records forbids it): read again and retry. */
export class ConflictError extends AppError {
  constructor(message = "This was changed by someone else. Please try again.") {
    super(message);
  }
}
/** Too many attempts; the caller may try again after `retryAfterSeconds`. */
export class RateLimitError extends AppError {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(message);
  }
}
/** The service is too busy to take this now (a full queue); try again after `retryAfterSeconds`. */
export class BusyError extends AppError {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(message);
  }
}
