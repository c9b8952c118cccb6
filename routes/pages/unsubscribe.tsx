/**
 * `/unsubscribe/<token>` (issue 23 item 5): the link every notification mail carries. GET shows
 * a Stop button and changes nothing (link scanners open it); POST turns the token's kind off. The
 * POST is also RFC 8058's one-click unsubscribe, which a mail provider sends with no cookie and
 * no Origin (body `List-Unsubscribe=One-Click`, or none): the route declares `crossSitePost`, and
 * the signed token is its only credential. A forged token or a deleted account is 404.
 */
import { type Context, Hono } from "hono";
import { createElement } from "react";
import type { AppEnv } from "../app_env.ts";
import { crossSitePost, formBody } from "../http.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { readUnsubscribeToken, UNSUBSCRIBE_PATH, unsubscribeWithToken } from "../../lib/notifications/mod.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { LINK_PAGE, sendPage } from "../security_headers.ts";
import { UnsubscribeConfirmPage, UnsubscribeDonePage } from "../../components/notifications/UnsubscribePage.tsx";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { pageLanguage } from "../language.ts";

/** In English, as every refusal: the error page puts it in the request's language. */
const UNKNOWN_LINK = messagesFor("en").notifications.unsubscribe.unknownLink;

/** The page's title in the request's language, with the language and path `renderPage` needs. */
async function pageOptions(c: Context<AppEnv>, title: "title" | "doneTitle") {
  const language = await pageLanguage(c);
  return { title: messagesFor(language.lang).notifications.unsubscribe[title], noindex: true, ...language };
}

export const unsubscribePages = new Hono<AppEnv>()
  .get("/:token", async (c) => {
    const { kv, assets } = c.var.deps;
    const token = c.req.param("token");
    const named = await readUnsubscribeToken(kv, token);
    if (!named) throw new NotFoundError(UNKNOWN_LINK);
    const element = createElement(UnsubscribeConfirmPage, {
      kind: named.kind,
      action: `${UNSUBSCRIBE_PATH}/${token}`,
    });
    return sendPage(c, renderPage(assets, element, await pageOptions(c, "title")), LINK_PAGE);
  })
  .post("/:token", crossSitePost, formBody, async (c) => {
    const { kv, assets } = c.var.deps;
    // The body says only "one click" (or nothing): the token alone says who and what.
    const kind = await unsubscribeWithToken(kv, c.req.param("token") ?? "");
    if (!kind) throw new NotFoundError(UNKNOWN_LINK);
    const element = createElement(UnsubscribeDonePage, { kind });
    return sendPage(c, renderPage(assets, element, await pageOptions(c, "doneTitle")), LINK_PAGE);
  });
