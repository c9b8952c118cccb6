/**
 * `/account/email`: the page the link that confirms a new e-mail opens. GET shows Confirm
 * (spends nothing), POST spends the token and changes the address.
 */
import { Hono } from "hono";
import { createElement } from "react";
import type { AppEnv } from "../app_env.ts";
import { formBody, readForm } from "../http.ts";
import { pageLanguage } from "../language.ts";
import { confirmEmailChange, EMAIL_CHANGE_MESSAGES, peekEmailChange } from "../../lib/accounts/mod.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { translateMessage } from "../../lib/i18n/translate.ts";
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
    const language = await pageLanguage(c);
    const texts = messagesFor(language.lang).account;
    const token = c.req.query("token") ?? "";
    const newEmail = await peekEmailChange(kv, token, now());
    const page = newEmail
      ? renderPage(assets, createElement(EmailChangeConfirmPage, { token, newEmail }), {
        title: texts.emailChange.confirmTitle,
        noindex: true,
        ...language,
      })
      : renderPage(assets, createElement(EmailChangeFailedPage, { message: texts.messages.emailChange.invalid }), {
        title: texts.emailChange.expiredTitle,
        status: 400,
        noindex: true,
        ...language,
      });
    return sendPage(c, page, LINK_PAGE);
  })
  .post("/", formBody, async (c) => {
    const { kv, assets, config, now } = c.var.deps;
    const language = await pageLanguage(c);
    const texts = messagesFor(language.lang).account.emailChange;
    const form = await readForm(c);
    const token = typeof form.token === "string" ? form.token : "";
    const outcome = await confirmEmailChange({ kv, appUrl: config.appUrl, now: now(), lang: language.lang }, token);
    const page = outcome.status === "changed"
      ? renderPage(
        assets,
        createElement(EmailChangeDonePage, {
          message: translateMessage(EMAIL_CHANGE_MESSAGES.changed(outcome.email), language.lang),
        }),
        { title: texts.doneTitle, noindex: true, ...language },
      )
      : renderPage(
        assets,
        createElement(EmailChangeFailedPage, {
          message: translateMessage(
            outcome.status === "taken" ? EMAIL_CHANGE_MESSAGES.taken : EMAIL_CHANGE_MESSAGES.invalid,
            language.lang,
          ),
        }),
        { title: texts.failedTitle, status: outcome.status === "taken" ? 409 : 400, noindex: true, ...language },
      );
    return sendPage(c, page, LINK_PAGE);
  });
