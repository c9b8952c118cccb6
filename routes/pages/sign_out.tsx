import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { getSessionUser, getSysadmin, signOutSysadmin, signOutUser } from "../auth_middleware.ts";
import { headerAccount } from "../../components/SiteLayout.tsx";
import { renderPage } from "../../lib/render/page.tsx";
import { PRIVATE_PAGE, sendPage } from "../security_headers.ts";
import { formBody } from "../http.ts";
import { SignOutConfirmPage } from "../../components/auth/SignOutPage.tsx";
import { pageLanguage } from "../language.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";

/**
 * R19: a GET that ends a session is a cross-site logout for any page that links to it. The
 * browser says who started the navigation: `same-origin` for the app's own Sign out link and
 * `none` for a typed address or a bookmark. Anything else (another site, a sibling subdomain,
 * or a client that does not say) is sent to a page that asks, whose button posts.
 */
const SIGN_OUT_AT_ONCE = new Set(["same-origin", "none"]);

async function signOutBoth(c: Context<AppEnv>) {
  await signOutUser(c);
  await signOutSysadmin(c);
  c.header("Cache-Control", "no-store");
  return c.redirect("/", 303);
}

function signOutLink(c: Context<AppEnv>) {
  if (SIGN_OUT_AT_ONCE.has(c.req.header("sec-fetch-site") ?? "")) return signOutBoth(c);
  c.header("Cache-Control", "no-store");
  c.header("Vary", "Sec-Fetch-Site");
  return c.redirect("/sign-out", 303);
}

/** The spec's sign-out links (GET), under `/api`: `/api/logout` and `/api/v2/auth/logout`. */
export const signOutLinks = new Hono<AppEnv>()
  .get("/v2/auth/logout", signOutLink)
  .get("/logout", signOutLink);

/** `/sign-out`: the page that asks, and its POST. */
export const signOutPage = new Hono<AppEnv>()
  .get("/", async (c) => {
    const [user, sysadmin] = await Promise.all([getSessionUser(c), getSysadmin(c)]);
    // Asked even when no session is visible here: an admin's Strict cookie is not sent on a
    // navigation another site started, yet the POST from this page will carry it.
    const account = headerAccount(user, sysadmin?.email ?? null);
    const language = await pageLanguage(c);
    const page = renderPage(c.var.deps.assets, <SignOutConfirmPage account={account} />, {
      title: messagesFor(language.lang).auth.signOut.title,
      noindex: true,
      ...language,
    });
    return sendPage(c, page, PRIVATE_PAGE);
  })
  .post("/", formBody, signOutBoth);
