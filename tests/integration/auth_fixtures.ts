// Shared helpers for the auth API tests (auth_*_test.ts): a hand-moved clock, session lookup, magic-link sign-in.
import { postForm, requestJson } from "../helpers.ts";
import { cookiesFrom, tokenFromMail } from "../auth_helpers.ts";

/** A clock the test moves by hand. */
export function manualClock(start = Date.parse("2026-11-22T10:00:00Z")) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => now += ms };
}

export const sessionOf = (app: Parameters<typeof requestJson>[0], cookie: string) =>
  requestJson(app, "/api/v2/auth/session", { headers: { cookie } });

export async function magicSignIn(t: { app: Parameters<typeof requestJson>[0]; kv: Deno.Kv }, email: string) {
  await requestJson(t.app, "/api/team/magic-link", { body: { email } });
  const token = await tokenFromMail(t.kv, email, "/auth/magic");
  const res = await postForm(t.app, "/auth/magic", { token, next: "" });
  return { res, cookie: cookiesFrom(res), token };
}
