import type { ApiResult } from "../../lib/client/api.ts";
import { failureToast } from "./client.ts";
import type { LoginTexts } from "./LoginForm.tsx";

/**
 * The toast of a refused e-mail and password sign-in (or of a reply that lacks what it needs):
 * the server's own words (already in the page's language), else `fallback`; no connection says so.
 */
export function loginRefused(reply: ApiResult<unknown>, fallback: string, texts: LoginTexts): void {
  // No connection: lib/client/api.ts says so, in the page's language.
  if (!reply.ok && reply.status === 0) failureToast(texts.toasts.loginError, reply.message);
  else failureToast(texts.toasts.loginFailed, (!reply.ok && reply.message) || fallback);
}
