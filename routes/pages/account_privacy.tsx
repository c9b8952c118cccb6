/**
 * `/account/privacy` (issue 22): what is kept about the signed-in person and their children, and
 * a section per action. The actions' form posts (leave, delete, the child's requests) are their
 * own modules' routes under this prefix; they show a refusal here through `sendPrivacyPage` and
 * come back with a notice code: `?left=1`, or the child's forms' `?child=<code>` and
 * `?child-error=<code>` (lib/families' CHILD_NOTICES).
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { getSessionUser } from "../auth_middleware.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { PRIVATE_PAGE, sendPage } from "../security_headers.ts";
import type { SessionUser } from "../../lib/auth/session_user.ts";
import { loadPrivacyPage, PRIVACY_MESSAGES } from "../../lib/accounts/mod.ts";
import { CHILD_NOTICES } from "../../lib/families/mod.ts";
import { headerAccount } from "../../components/SiteLayout.tsx";
import { pageLanguage } from "../language.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { translateMessage } from "../../lib/i18n/translate.ts";
import type { Language } from "../../lib/i18n/languages.ts";
import {
  PRIVACY_PAGE_PATH,
  PrivacyPage,
  type PrivacyPageError,
  PrivacyTeamLoginPage,
} from "../../components/account/PrivacyPage.tsx";

type Ctx = Context<AppEnv>;

/** Signed out (or only a system administrator, who has no person account): sign in, then back here. */
const SIGN_IN = `/team-login?next=${PRIVACY_PAGE_PATH}`;

/** The words of a code in the query string (the URL never carries the words themselves). */
const wordsOf = (table: Readonly<Record<string, string>>, code: string | undefined) =>
  code && Object.hasOwn(table, code) ? table[code] : null;

/** A success notice: after leaving a team (`?left=1`), or a child's form (`?child=<code>`, lib/families). */
function noticeOf(c: Ctx, lang: Language): string | null {
  const m = messagesFor(lang);
  if (c.req.query("left") === "1") return m.account.messages.privacy.left;
  const child = c.req.query("child");
  return child === "requested" || child === "saved" ? m.childPrivacy.notices[child] : null;
}

/** A child's form that came back refused (`?child-error=<code>`): shown in the children's section. */
function childError(c: Ctx, lang: Language): PrivacyPageError | null {
  const message = wordsOf(CHILD_NOTICES, c.req.query("child-error"));
  return message ? { section: "children", message: translateMessage(message, lang) } : null;
}

/**
 * The page for `user`: a person's data and actions, or for a team's shared login the
 * 'personal account needed' card. `error` shows a refused action in its section (with `status`).
 */
export async function sendPrivacyPage(
  c: Ctx,
  user: SessionUser,
  options: { error?: PrivacyPageError; status?: number; headers?: [string, string][] } = {},
): Promise<Response> {
  const { assets, kv } = c.var.deps;
  const account = headerAccount(user);
  const status = options.status ?? 200;
  const language = await pageLanguage(c);
  const { lang } = language;
  const title = messagesFor(lang).account.privacy.title;
  if (user.kind !== "person") {
    const element = (
      <PrivacyTeamLoginPage
        teamName={user.firstName}
        account={account}
        message={translateMessage(PRIVACY_MESSAGES.personalAccountNeeded, lang)}
      />
    );
    return sendPage(c, renderPage(assets, element, { title, noindex: true, ...language }), PRIVATE_PAGE);
  }
  const data = await loadPrivacyPage(kv, user);
  // A refusal comes from lib/ in English: the page shows it in its language.
  const error = options.error ? { ...options.error, message: translateMessage(options.error.message, lang) } : null;
  const element = (
    <PrivacyPage
      account={account}
      email={data.email}
      teams={data.teams}
      childList={data.children}
      retention={data.retention}
      onlyAdminMessage={translateMessage(PRIVACY_MESSAGES.onlyAdmin, lang)}
      notice={status === 200 ? noticeOf(c, lang) : null}
      error={error ?? childError(c, lang)}
    />
  );
  // The page shows a person's and their children's details: never cached, never indexed.
  const page = renderPage(assets, element, { title, status, noindex: true, ...language });
  return sendPage(c, page, [...PRIVATE_PAGE, ...(options.headers ?? [])]);
}

/** `GET /account/privacy`. */
export const accountPrivacyPage = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = await getSessionUser(c);
    if (!user) return c.redirect(SIGN_IN, 303);
    return await sendPrivacyPage(c, user);
  });
