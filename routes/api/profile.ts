/**
 * A person's own profile: Account Settings → My Profile saves through
 * `PUT /api/teams/{teamId}/parents/{parentId}` (the signed-in person only), and the link that
 * confirms a new e-mail opens `/account/email` (GET shows Confirm, POST spends the token).
 */
import { Hono } from "hono";
import { createElement } from "react";
import type { AppEnv } from "../app_env.ts";
import { requireTeamMember, teamViewer } from "../auth_middleware.ts";
import { readForm, readJsonFields } from "../http.ts";
import { ForbiddenError } from "../../lib/errors.ts";
import {
  confirmEmailChange,
  EMAIL_CHANGE_MESSAGES,
  PARENT_PROFILE_FIELDS,
  peekEmailChange,
  saveParentProfile,
} from "../../lib/accounts/mod.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { sendPage } from "../security_headers.ts";
import {
  EmailChangeConfirmPage,
  EmailChangeDonePage,
  EmailChangeFailedPage,
} from "../../components/account/EmailChangePage.tsx";

export const NOT_YOUR_PROFILE = "You can only update your own profile.";

/** Pages opened from e-mailed links carry secrets: never cached, never sent on as a Referer. */
const LINK_PAGE_HEADERS: [string, string][] = [["cache-control", "no-store"], ["referrer-policy", "no-referrer"]];

export const profileRoutes = new Hono<AppEnv>()
  .put("/api/teams/:teamId/parents/:parentId", requireTeamMember, async (c) => {
    const { kv, config, now } = c.var.deps;
    const viewer = teamViewer(c);
    // A team's shared login and a system administrator have no profile; a person edits only their own.
    if (!viewer.userId || viewer.userId !== c.req.param("parentId")) throw new ForbiddenError(NOT_YOUR_PROFILE);
    const body = await readJsonFields(c, PARENT_PROFILE_FIELDS);
    const saved = await saveParentProfile({ kv, appUrl: config.appUrl, now: now() }, viewer.userId, body);
    return c.json(
      {
        success: true,
        message: saved.message,
        parent: saved.parent,
        ...(saved.pendingEmail ? { pendingEmail: saved.pendingEmail } : {}),
      },
      200,
      { "Cache-Control": "no-store" },
    );
  })
  .get("/account/email", async (c) => {
    const { kv, assets, now } = c.var.deps;
    const token = c.req.query("token") ?? "";
    const newEmail = await peekEmailChange(kv, token, now());
    const page = newEmail
      ? renderPage(assets, createElement(EmailChangeConfirmPage, { token, newEmail }), {
        title: "Confirm new e-mail",
        noindex: true,
      })
      : renderPage(assets, createElement(EmailChangeFailedPage, { message: EMAIL_CHANGE_MESSAGES.invalid }), {
        title: "Link expired",
        status: 400,
        noindex: true,
      });
    return sendPage(c, page, LINK_PAGE_HEADERS);
  })
  .post("/account/email", async (c) => {
    const { kv, assets, config, now } = c.var.deps;
    const form = await readForm(c);
    const token = typeof form.token === "string" ? form.token : "";
    const outcome = await confirmEmailChange({ kv, appUrl: config.appUrl, now: now() }, token);
    const page = outcome.status === "changed"
      ? renderPage(
        assets,
        createElement(EmailChangeDonePage, { message: EMAIL_CHANGE_MESSAGES.changed(outcome.email) }),
        {
          title: "E-mail changed",
          noindex: true,
        },
      )
      : renderPage(
        assets,
        createElement(EmailChangeFailedPage, {
          message: outcome.status === "taken" ? EMAIL_CHANGE_MESSAGES.taken : EMAIL_CHANGE_MESSAGES.invalid,
        }),
        { title: "E-mail not changed", status: outcome.status === "taken" ? 409 : 400, noindex: true },
      );
    return sendPage(c, page, LINK_PAGE_HEADERS);
  });
