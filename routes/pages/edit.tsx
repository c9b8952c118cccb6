import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { LINK_PAGE, sendPage } from "../security_headers.ts";
import { EditPage, InvalidLinkPage } from "../../components/edit/EditPage.tsx";
import { pageLanguage } from "../language.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";

/** Longer than any token we issue; anything beyond is not ours and not worth echoing. */
const MAX_TOKEN_LENGTH = 200;

async function sendEditPage(c: Context<AppEnv>, token: string) {
  const { lang } = await pageLanguage(c);
  // The language switch comes back to the link itself: the page spends nothing, and once the
  // island has spent the token, this browser's edit session reopens it.
  const path = token ? `/edit?token=${encodeURIComponent(token)}` : "/edit";
  const page = renderPage(c.var.deps.assets, token ? <EditPage token={token} /> : <InvalidLinkPage />, {
    title: messagesFor(lang).edit.title,
    status: token ? 200 : 400,
    noindex: true,
    lang,
    path,
  });
  // The page carries a secret in its URL: never cached, never sent on in a Referer.
  return sendPage(c, page, LINK_PAGE);
}

/**
 * `/edit?token=…`, the link a claim approval e-mails. DECISIONS.md: the HTML GET spends
 * nothing; the page's own call to GET /api/edit does.
 */
export const editPage = new Hono<AppEnv>()
  .get("/", (c) => sendEditPage(c, (c.req.query("token") ?? "").trim().slice(0, MAX_TOKEN_LENGTH)));
