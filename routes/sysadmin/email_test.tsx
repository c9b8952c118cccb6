import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { AppEnv } from "../app_env.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { PRIVATE_PAGE, sendPage } from "../security_headers.ts";
import { cursorQuery, formBody, readForm } from "../http.ts";
import { listOutbox, outboxKeepsBodies } from "../../lib/mail/mod.ts";
import { refusalOf } from "../errors.ts";
import { sendTestEmail, testToolsAllowed } from "./test_tools.ts";
import { EmailTestPage } from "../../components/sysadmin/EmailTestPage.tsx";
import type { EmailTestProps, TestEmailResult, TestEmailType } from "../../islands/sysadmin/EmailTest.tsx";
import { pageLanguage, requestLanguage } from "../language.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { translateMessage } from "../../lib/i18n/translate.ts";

/** Everyone but a system administrator (or anyone in development) gets the site's 404 page. */
const testToolsOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!(await testToolsAllowed(c))) return c.notFound();
  await next();
};

async function sendEmailTestPage(c: Context<AppEnv>, form: EmailTestProps, status = 200) {
  const { kv, assets, config } = c.var.deps;
  // Listed only where mail is not really sent; with its links in development only.
  const withBodies = outboxKeepsBodies(config);
  const outbox = config.smtpUrl ? null : await listOutbox(kv, { cursor: cursorQuery(c), withBodies });
  const view = <EmailTestPage form={form} outbox={outbox} withBodies={withBodies} appUrl={config.appUrl} />;
  const language = await pageLanguage(c);
  const page = renderPage(assets, view, {
    title: messagesFor(language.lang).sysadminCampaigns.emailTest.title,
    status,
    noindex: true,
    ...language,
  });
  return sendPage(c, page, PRIVATE_PAGE);
}

/** `/email-test` (system administrators, or anyone in development); 404 for everyone else. */
export const emailTestPage = new Hono<AppEnv>()
  .get("/", testToolsOnly, async (c) => {
    const playerName = messagesFor(await requestLanguage(c)).sysadminCampaigns.emailTest.defaultPlayerName;
    return await sendEmailTestPage(c, { email: "", playerName, results: [] });
  })
  // Without JavaScript the form posts here; the result shows at the top of the list.
  .post("/", testToolsOnly, formBody, async (c) => {
    const form = await readForm(c);
    const type: TestEmailType = form.type === "magic-link" ? "magic-link" : "verification";
    const email = typeof form.email === "string" ? form.email.trim() : "";
    const playerName = typeof form.playerName === "string" ? form.playerName.trim() : "";
    let result: TestEmailResult;
    try {
      result = { ...await sendTestEmail(c, type, { email, playerName }), code: 200 };
    } catch (error) {
      const refused = refusalOf(error);
      // lib's and the test tools' refusals are English: the page shows them in its language.
      const message = translateMessage(refused.message, await requestLanguage(c));
      result = { type, success: false, email, message, code: refused.status };
    }
    return await sendEmailTestPage(c, { email, playerName, results: [result] }, result.code);
  });
