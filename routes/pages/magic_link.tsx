import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { isTokenShaped, peekToken } from "../../lib/auth/tokens.ts";
import { type LoginGrant, redeemMagicLink, requestFreshMagicLink } from "../../lib/auth/login.ts";
import { freshLinkRequestFor } from "../../lib/auth/fresh_link.ts";
import { signInPerson } from "../auth_middleware.ts";
import { authContext } from "../contexts.ts";
import { formBody, readForm, safeLocalPath } from "../http.ts";
import { signInRoute } from "../errors.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { LINK_PAGE, sendPage } from "../security_headers.ts";
import { pageLanguage } from "../language.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import {
  MagicLinkContinuePage,
  MagicLinkInvalidPage,
  MagicLinkResentPage,
} from "../../components/auth/MagicLinkPage.tsx";

/**
 * 'Link expired' (400), with 'Send me a fresh link' when the link still knows who it was for
 * (an expired or spent link, for a week: lib/auth/fresh_link.ts).
 */
async function sendInvalidLink(c: Context<AppEnv>, token: string) {
  const { kv, assets, now } = c.var.deps;
  const renewable = await freshLinkRequestFor(kv, token, now().getTime()) !== null;
  const language = await pageLanguage(c);
  const page = renderPage(assets, <MagicLinkInvalidPage renewToken={renewable ? token : null} />, {
    title: messagesFor(language.lang).auth.linkExpired.title,
    status: 400,
    noindex: true,
    ...language,
  });
  return sendPage(c, page, LINK_PAGE);
}

/**
 * `/auth/magic`: GET shows Continue (spends nothing), POST spends the token and signs in (a link
 * it cannot redeem is a failed login: its 'Link expired' page is a 400); an unusable link's page
 * offers a fresh one, which `/auth/magic/resend` mails.
 */
export const magicLinkPages = new Hono<AppEnv>()
  .get("/", async (c) => {
    const { kv, assets, now } = c.var.deps;
    const token = c.req.query("token") ?? c.req.query("t") ?? "";
    const grant = await peekToken<LoginGrant>(kv, "login", token, now().getTime());
    if (!grant) return await sendInvalidLink(c, token);
    const language = await pageLanguage(c);
    const page = renderPage(
      assets,
      <MagicLinkContinuePage token={token} next={safeLocalPath(c.req.query("next"), "")} />,
      { title: messagesFor(language.lang).auth.magicLink.title, noindex: true, ...language },
    );
    return sendPage(c, page, LINK_PAGE);
  })
  .post("/", formBody, signInRoute("magic-link", 400), async (c) => {
    const { kv, now } = c.var.deps;
    const form = await readForm(c);
    const token = typeof form.token === "string" ? form.token : "";
    const grant = await redeemMagicLink(kv, token, now());
    if (!grant) return await sendInvalidLink(c, token);
    await signInPerson(c, grant.userId, grant.selectedTeamId);
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    // The stored `next` is checked again as it is spent: a link issued before a fix, or a
    // record written some other way, still cannot send the browser to another origin.
    return c.redirect(safeLocalPath(form.next, safeLocalPath(grant.next, "/home")), 303);
  })
  // 'Send me a fresh link': the same page whether or not the old link was known (R5: no address shown).
  .post("/resend", formBody, async (c) => {
    const form = await readForm(c);
    if (!isTokenShaped(form.token)) return await sendInvalidLink(c, "");
    await requestFreshMagicLink(authContext(c), form.token);
    const language = await pageLanguage(c);
    const page = renderPage(c.var.deps.assets, <MagicLinkResentPage />, {
      title: messagesFor(language.lang).auth.freshLinkSent.title,
      noindex: true,
      ...language,
    });
    return sendPage(c, page, LINK_PAGE);
  });
