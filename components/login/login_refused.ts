import type { ApiResult } from "../../lib/client/api.ts";
import { failureToast } from "./client.ts";
import { LOGIN_TEXTS } from "./texts.ts";

/**
 * The toast of a refused e-mail and password sign-in (or of a reply that lacks what it needs):
 * the server's own words, else `fallback`. Apart from client.ts, so the team's own login page,
 * which words its refusals differently, does not bundle these texts.
 */
export function loginRefused(reply: ApiResult<unknown>, fallback: string): void {
  const offline = !reply.ok && reply.status === 0;
  failureToast(offline ? LOGIN_TEXTS.loginError : LOGIN_TEXTS.loginFailed, (!reply.ok && reply.message) || fallback);
}
