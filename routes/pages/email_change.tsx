/**
 * `/account/email`: the page the link that confirms a new e-mail opens. GET shows Confirm
 * (spends nothing), POST spends the token and changes the address.
 */
import { Hono } from "hono";
import { createElement } from "react";
import type { AppEnv } from "../app_env.ts";
import { formBody, readForm } from "../http.ts";
import { confirmEmailChange, EMAIL_CHANGE_MESSAGES, peekEmailChange } from "../../lib/accounts/mod.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { LINK_PAGE, sendPage } from "../security_headers.ts";
import {
  EmailChangeConfirmPage,
  EmailChangeDonePage,
  EmailChangeFailedPage,
} from "../../components/account/EmailChangePage.tsx";

export const emailChangePage = new Hono<AppEnv>()
  .get("/", async (c) => {
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
    return sendPage(c, page, LINK_PAGE);
  })
  .post("/", formBody, async (c) => {
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
    return sendPage(c, page, LINK_PAGE);
  });
