import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { signInPerson } from "../auth_middleware.ts";
import { ValidationError } from "../../lib/errors.ts";
import { clientIp, readJson, readJsonFields } from "../http.ts";
import {
  parseSignup,
  resendVerification,
  type SignupContext,
  startSignup,
  verifySignup,
} from "../../lib/signup/mod.ts";
import { SIGNUP_MESSAGES } from "../../lib/signup/mod.ts";
import { isValidEmail } from "../../lib/text.ts";
import type { Context } from "hono";

const NO_STORE = { "Cache-Control": "no-store" };
const INVALID_EMAIL = "Please enter a valid email address.";

export function signupContext(c: Context<AppEnv>): SignupContext {
  const { kv, config, now } = c.var.deps;
  return { kv, appUrl: config.appUrl, ip: clientIp(c), now: now() };
}

/** The signup wizard's three calls: start (mails the link), resend, and verify. */
export const signupApiRoutes = new Hono<AppEnv>()
  .post("/api/signup/create-pending-intent", async (c) => {
    const payload = parseSignup(await readJson(c));
    await startSignup(signupContext(c), payload);
    return c.json(
      { success: true, message: SIGNUP_MESSAGES.sentTo(payload.email), email: payload.email },
      200,
      NO_STORE,
    );
  })
  .post("/api/signup/resend-verification", async (c) => {
    const email = (await readJsonFields(c, ["email"])).email;
    if (!isValidEmail(email)) throw new ValidationError(INVALID_EMAIL, { email: INVALID_EMAIL });
    await resendVerification(signupContext(c), email);
    return c.json({ success: true, message: SIGNUP_MESSAGES.resent }, 200, NO_STORE);
  })
  .post("/api/signup/verify-token", async (c) => {
    const token = (await readJsonFields(c, ["token"])).token;
    const { team, user } = await verifySignup(c.var.deps.kv, token, c.var.deps.now());
    await signInPerson(c, user.id, team.id);
    return c.json(
      {
        success: true,
        message: SIGNUP_MESSAGES.emailVerified,
        email: user.email,
        teamId: team.id,
        teamName: team.name,
        slug: team.slug,
      },
      200,
      NO_STORE,
    );
  });
