import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { getSessionUser, getUserSession, signInPerson, signOutUser } from "../auth_middleware.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { PRIVATE_PAGE, sendPage } from "../security_headers.ts";
import { AUTH_MESSAGES, FRESH_SIGN_IN_MS } from "../../lib/auth/login.ts";
import type { SessionUser } from "../../lib/auth/session_user.ts";
import { PROFILE_MESSAGES, saveProfileName, setOwnPassword, signOutEverywhere } from "../../lib/accounts/mod.ts";
import { ForbiddenError } from "../../lib/errors.ts";
import {
  getNotificationPreferences,
  NOTIFICATION_MESSAGES,
  notificationPreferencesFromForm,
  updateNotificationPreferences,
} from "../../lib/notifications/mod.ts";
import { refusalOf } from "../errors.ts";
import { pageLanguage } from "../language.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { translateFields, translateMessage } from "../../lib/i18n/translate.ts";
import { formBody, formText, readForm } from "../http.ts";
import { authContext } from "../contexts.ts";
import { headerAccount } from "../../components/SiteLayout.tsx";
import {
  type AccountFormState,
  AccountPage,
  NO_ACCOUNT_FORM,
  SignedOutEverywherePage,
  TeamAccountPage,
} from "../../components/account/AccountPage.tsx";

type Ctx = Context<AppEnv>;

/** Success notices (English, from the catalogue) by the short code a post/redirect/get puts in the query string. */
const NOTICES: Record<string, string> = {
  name: PROFILE_MESSAGES.nameSaved,
  password: AUTH_MESSAGES.passwordChanged,
  "password-set": PROFILE_MESSAGES.passwordSet,
};

const noticeOf = (code: string | undefined) => code && Object.hasOwn(NOTICES, code) ? NOTICES[code] : null;

/** Signed out (or only a system administrator): the sign-in page, back here afterwards. */
const SIGN_IN = "/team-login?next=/account";

/** When this browser's session started (a first password needs a recent sign-in). */
async function sessionStart(c: Ctx): Promise<number> {
  return (await getUserSession(c))?.createdAt ?? 0;
}

async function sendAccount(
  c: Ctx,
  user: SessionUser,
  state = NO_ACCOUNT_FORM,
  status = 200,
  extra: [string, string][] = [],
) {
  const { assets, now, kv } = c.var.deps;
  const recentSignIn = now().getTime() - await sessionStart(c) <= FRESH_SIGN_IN_MS;
  const account = headerAccount(user);
  const language = await pageLanguage(c);
  const { lang } = language;
  const notice = status === 200 ? noticeOf(c.req.query("done")) : null;
  const notifications = user.kind === "person" ? await getNotificationPreferences(kv, user.id) : null;
  const element = user.kind === "team" || !notifications
    ? (
      <TeamAccountPage
        teamName={user.firstName}
        account={account}
        message={translateMessage(AUTH_MESSAGES.teamAccountNoPassword, lang)}
      />
    )
    : (
      <AccountPage
        person={{
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          hasPassword: user.hasPassword,
          recentSignIn,
          isTeamAdmin: Object.values(user.roles).includes("TEAM_ADMIN"),
        }}
        account={account}
        notice={notice && translateMessage(notice, lang)}
        reauthMessage={translateMessage(AUTH_MESSAGES.reauthRequired, lang)}
        state={{ ...state, errors: translateFields(state.errors, lang) }}
        notifications={notifications}
        notificationsSaved={status === 200 && c.req.query("saved") === "notifications"}
      />
    );
  const page = renderPage(assets, element, {
    title: messagesFor(lang).account.title,
    status,
    noindex: true,
    ...language,
  });
  // The page shows a person's details: never cached, never indexed.
  return sendPage(c, page, [...PRIVATE_PAGE, ...extra]);
}

/** A refusal from lib/ as the form's state: its errors next to their fields (a wrong current password at its own). */
function stateAfterRefusal(error: unknown, form: AccountFormState["form"], values: AccountFormState["values"] = {}) {
  const refused = refusalOf(error);
  const errors = refused.error instanceof ForbiddenError && refused.message === AUTH_MESSAGES.currentPasswordWrong
    ? { currentPassword: refused.message }
    : refused.fieldsOr("_");
  return { state: { form, values, errors }, status: refused.status, headers: refused.headers };
}

/** The person this request acts for, or the response that sends them elsewhere. */
async function personOrRedirect(c: Ctx): Promise<SessionUser | Response> {
  const user = await getSessionUser(c);
  if (!user) return c.redirect(SIGN_IN, 303);
  return user;
}

/**
 * `/account`: the signed-in person's name, password and 'Sign out everywhere'. Plain forms
 * with post/redirect/get; errors come back inline, next to their fields.
 */
export const accountPages = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = await personOrRedirect(c);
    if (user instanceof Response) return user;
    return await sendAccount(c, user);
  })
  .post("/name", formBody, async (c) => {
    const user = await personOrRedirect(c);
    if (user instanceof Response) return user;
    if (user.kind !== "person") throw new ForbiddenError(AUTH_MESSAGES.teamAccountNoPassword);
    const form = await readForm(c);
    const values = { firstName: formText(form, "firstName"), lastName: formText(form, "lastName") };
    try {
      await saveProfileName(c.var.deps.kv, user.id, values);
    } catch (error) {
      const { state, status, headers } = stateAfterRefusal(error, "name", values);
      return await sendAccount(c, user, state, status, headers);
    }
    return c.redirect("/account?done=name", 303);
  })
  .post("/password", formBody, async (c) => {
    const user = await personOrRedirect(c);
    if (user instanceof Response) return user;
    if (user.kind !== "person") throw new ForbiddenError(AUTH_MESSAGES.teamAccountNoPassword);
    const form = await readForm(c);
    const hadPassword = user.hasPassword;
    try {
      await setOwnPassword(authContext(c), user.id, {
        currentPassword: formText(form, "currentPassword"),
        newPassword: formText(form, "newPassword"),
        confirmPassword: formText(form, "confirmPassword"),
      }, await sessionStart(c));
    } catch (error) {
      const { state, status, headers } = stateAfterRefusal(error, "password");
      return await sendAccount(c, user, state, status, headers);
    }
    // Every session ended with the change; this browser gets a fresh one (the cookie rides on the redirect).
    await signInPerson(c, user.id, user.selectedTeamId);
    c.header("Cache-Control", "no-store");
    return c.redirect(`/account?done=${hadPassword ? "password" : "password-set"}`, 303);
  })
  .post("/notifications", formBody, async (c) => {
    const user = await personOrRedirect(c);
    if (user instanceof Response) return user;
    if (user.kind !== "person") throw new ForbiddenError(NOTIFICATION_MESSAGES.personalAccountNeeded);
    const { kv, now } = c.var.deps;
    await updateNotificationPreferences(kv, user.id, notificationPreferencesFromForm(await readForm(c)), now());
    return c.redirect("/account?saved=notifications#notifications", 303);
  })
  .post("/sign-out-everywhere", formBody, async (c) => {
    const user = await personOrRedirect(c);
    if (user instanceof Response) return user;
    if (user.kind === "person") await signOutEverywhere(c.var.deps.kv, user.id);
    // A team login has no other sessions to find; its own ends here either way.
    await signOutUser(c);
    c.header("Cache-Control", "no-store");
    return c.redirect("/account/signed-out", 303);
  })
  .get("/signed-out", async (c) => {
    const language = await pageLanguage(c);
    const page = renderPage(c.var.deps.assets, <SignedOutEverywherePage />, {
      title: messagesFor(language.lang).account.signedOut.title,
      noindex: true,
      ...language,
    });
    return sendPage(c, page, PRIVATE_PAGE);
  });
