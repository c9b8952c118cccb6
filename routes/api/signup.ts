import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { signInPerson } from "../auth_middleware.ts";
import { ValidationError } from "../../lib/errors.ts";
import { jsonBody, readJson, readJsonFields } from "../http.ts";
import {
  parseSignup,
  resendVerification,
  SIGNUP_MESSAGES,
  SIGNUP_RULES,
  startSignup,
  verifySignup,
} from "../../lib/signup/mod.ts";
import { isValidEmail } from "../../lib/text.ts";
import { NO_STORE } from "../security_headers.ts";
import { signupContext } from "../contexts.ts";

const INVALID_EMAIL = SIGNUP_RULES.email.message;

/**
 * `/api/signup`: the signup wizard's three calls: start (mails the link), resend, and verify. Their
 * messages are the English catalogue's; translateApiMessages answers them in the request's language.
 */
export const signupApi = new Hono<AppEnv>()
  .post("/create-pending-intent", jsonBody, async (c) => {
    const payload = parseSignup(await readJson(c));
    await startSignup(signupContext(c), payload);
    return c.json(
      { success: true, message: SIGNUP_MESSAGES.sentTo(payload.email), email: payload.email },
      200,
      NO_STORE,
    );
  })
  .post("/resend-verification", jsonBody, async (c) => {
    const email = (await readJsonFields(c, ["email"])).email;
    if (!isValidEmail(email)) throw new ValidationError(INVALID_EMAIL, { email: INVALID_EMAIL });
    await resendVerification(signupContext(c), email);
    return c.json({ success: true, message: SIGNUP_MESSAGES.resent }, 200, NO_STORE);
  })
  .post("/verify-token", jsonBody, async (c) => {
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
