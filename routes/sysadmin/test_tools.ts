/**
 * The test tools (SPEC.md section 7 'Test tools', `/email-test`): a signed-in system
 * administrator's, or anyone's in development mode. What the page's form and the API share.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../app_env.ts";
import { getSysadmin } from "../auth_middleware.ts";
import { newToken } from "../../lib/auth/tokens.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import { queueMail } from "../../lib/mail/mod.ts";
import { testMail } from "../../lib/mail/templates.ts";
import { requestLanguage } from "../language.ts";
import { cleanText, isValidEmail, normalizeEmail } from "../../lib/text.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { format } from "../../lib/i18n/format.ts";
import type { TestEmailType } from "../../islands/sysadmin/EmailTest.tsx";

const MAX_PLAYER_NAME_LENGTH = 80;

/**
 * The refusals in English, the catalogue's: the API's `message` and the page's result are put
 * into the request's language on the way out (routes/language.ts, email_test.tsx).
 */
const REFUSED = messagesFor("en").sysadminCampaigns.emailTest.refused;

/** The test tools exist for a signed-in system administrator, or for anyone in development. */
export async function testToolsAllowed(c: Context<AppEnv>): Promise<boolean> {
  return c.var.deps.config.env === "development" || (await getSysadmin(c)) !== null;
}

/** The API's guard: everyone else gets the same 404 as a path that does not exist, before anything is read. */
export const requireTestTools: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!(await testToolsAllowed(c))) throw new NotFoundError();
  await next();
};

export interface TestEmailSent {
  success: true;
  type: TestEmailType;
  email: string;
  message: string;
  playerName?: string;
  token: string;
}

const field = (body: unknown, name: string): string => {
  const value = typeof body === "object" && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === "string" ? cleanText(value) : "";
};

/**
 * Queues a test verification or sign-in mail to `body.email`. Its link carries a fresh token
 * that is never stored, so the mail looks real and grants nothing.
 */
export async function sendTestEmail(
  c: Context<AppEnv>,
  type: TestEmailType,
  body: unknown,
): Promise<TestEmailSent> {
  const email = field(body, "email");
  const playerName = type === "magic-link" ? field(body, "playerName") : "";
  if (type === "verification" && !email) throw new ValidationError(REFUSED.emailRequired);
  if (type === "magic-link" && (!email || !playerName)) throw new ValidationError(REFUSED.bothRequired);
  if (!isValidEmail(email)) throw new ValidationError(REFUSED.invalidEmail);
  if (playerName.length > MAX_PLAYER_NAME_LENGTH) {
    throw new ValidationError(format("en", REFUSED.playerNameTooLong, { max: MAX_PLAYER_NAME_LENGTH }));
  }
  const { kv, config, now } = c.var.deps;
  const address = normalizeEmail(email);
  const token = newToken();
  const link = type === "verification"
    ? `${config.appUrl}/signup/verify?token=${token}`
    : `${config.appUrl}/auth/magic?token=${token}`;
  const lang = await requestLanguage(c);
  await queueMail(kv, {
    to: { name: playerName || undefined, address },
    kind: `test-${type}`,
    ...testMail({ kind: type, playerName: playerName || undefined, link }, lang),
  }, now());
  const queued = messagesFor(lang).sysadminCampaigns.emailTest.queued;
  return {
    success: true,
    type,
    email: address,
    message: format(lang, type === "verification" ? queued.verification : queued.magicLink, { email: address }),
    ...(type === "magic-link" ? { playerName } : {}),
    token,
  };
}
