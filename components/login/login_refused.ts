import type { ApiResult } from "../../lib/client/api.ts";
import { failureToast } from "./client.ts";
import type { LoginTexts } from "./LoginForm.tsx";

/**
 * The toast of a refused e-mail and password sign-in (or of a reply that lacks what it needs):
 * the server's own words (already in the page's language), else `fallback`; no connection says so.
 */
export function loginRefused(reply: ApiResult<unknown>, fallback: string, texts: LoginTexts): void {
  const offline = !reply.ok && reply.status === 0;
  if (offline) failureToast(texts.toasts.loginError, texts.cannotConnect);
  else failureToast(texts.toasts.loginFailed, (!reply.ok && reply.message) || fallback);
}
