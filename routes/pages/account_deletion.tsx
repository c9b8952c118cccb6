/**
 * Deleting one's account without JavaScript: the Delete form on `/account/privacy` posts the
 * typed e-mail (`confirm`) to `/account/privacy/delete`; done, the browser lands on
 * `/account/deleted` (public: the session and its cookie are gone by then). Refused (a wrong
 * address, a team's only admin): the privacy page again, the refusal in its Delete section and
 * with its status; nothing changed.
 */
import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { getSessionUser, signOutUser } from "../auth_middleware.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { PRIVATE_PAGE, sendPage } from "../security_headers.ts";
import { formBody, formText, readForm } from "../http.ts";
import { refusalOf } from "../errors.ts";
import { DELETE_ACCOUNT_MESSAGES, deleteAccount } from "../../lib/accounts/mod.ts";
import { ForbiddenError } from "../../lib/errors.ts";
import { AccountDeletedPage } from "../../components/account/AccountDeletedPage.tsx";
import { sendPrivacyPage } from "./account_privacy.tsx";
import { pageLanguage } from "../language.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";

export const accountDeletionPages = new Hono<AppEnv>()
  .post("/privacy/delete", formBody, async (c) => {
    const user = await getSessionUser(c);
    if (!user) return c.redirect("/team-login?next=/account/privacy", 303);
    const { kv, config, now } = c.var.deps;
    const confirm = formText(await readForm(c), "confirm");
    // A team's shared login has no account of its own: the error page says so.
    if (user.kind !== "person") throw new ForbiddenError(DELETE_ACCOUNT_MESSAGES.teamLogin);
    try {
      const { lang } = await pageLanguage(c);
      await deleteAccount({ kv, appUrl: config.appUrl, now: now(), lang }, user.id, confirm);
    } catch (error) {
      const { message, status, headers } = refusalOf(error);
      return await sendPrivacyPage(c, user, { error: { section: "delete", message }, status, headers });
    }
    await signOutUser(c);
    c.header("Cache-Control", "no-store");
    return c.redirect("/account/deleted", 303);
  })
  .get("/deleted", async (c) => {
    const language = await pageLanguage(c);
    const page = renderPage(c.var.deps.assets, <AccountDeletedPage />, {
      title: messagesFor(language.lang).account.deleted.title,
      noindex: true,
      ...language,
    });
    return sendPage(c, page, PRIVATE_PAGE);
  });
