import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { peekToken } from "../../lib/auth/tokens.ts";
import { type LoginGrant, redeemMagicLink } from "../../lib/auth/login.ts";
import { signInPerson } from "../auth_middleware.ts";
import { readForm, safeLocalPath } from "../http.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { sendPage } from "../security_headers.ts";
import { MagicLinkContinuePage, MagicLinkInvalidPage } from "../../components/auth/MagicLinkPage.tsx";

/** Pages opened from e-mailed links carry secrets: never cached, never sent on as a Referer. */
const LINK_PAGE_HEADERS: [string, string][] = [["cache-control", "no-store"], ["referrer-policy", "no-referrer"]];

/** `/auth/magic`: GET shows Continue (spends nothing), POST spends the token and signs in. */
export const magicLinkPageRoutes = new Hono<AppEnv>()
  .get("/auth/magic", async (c) => {
    const { kv, assets, now } = c.var.deps;
    const token = c.req.query("token") ?? c.req.query("t") ?? "";
    const grant = await peekToken<LoginGrant>(kv, "login", token, now().getTime());
    const page = grant
      ? renderPage(assets, <MagicLinkContinuePage token={token} next={safeLocalPath(c.req.query("next"), "")} />, {
        title: "Sign in",
        noindex: true,
      })
      : renderPage(assets, <MagicLinkInvalidPage />, { title: "Link expired", status: 400, noindex: true });
    return sendPage(c, page, LINK_PAGE_HEADERS);
  })
  .post("/auth/magic", async (c) => {
    const { kv, assets, now } = c.var.deps;
    const form = await readForm(c);
    const token = typeof form.token === "string" ? form.token : "";
    const grant = await redeemMagicLink(kv, token, now());
    if (!grant) {
      const page = renderPage(assets, <MagicLinkInvalidPage />, { title: "Link expired", status: 400, noindex: true });
      return sendPage(c, page, LINK_PAGE_HEADERS);
    }
    await signInPerson(c, grant.userId, grant.selectedTeamId);
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    // The stored `next` is checked again as it is spent: a link issued before a fix, or a
    // record written some other way, still cannot send the browser to another origin.
    return c.redirect(safeLocalPath(form.next, safeLocalPath(grant.next, "/home")), 303);
  });
