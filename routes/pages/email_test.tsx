import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { sendPage } from "../security_headers.ts";
import { cursorQuery, readForm } from "../http.ts";
import { listOutbox, outboxKeepsBodies } from "../../lib/mail/mod.ts";
import { AppError } from "../../lib/errors.ts";
import { httpStatusOf } from "../errors.ts";
import { sendTestEmail, testToolsAllowed } from "../api/test_email.ts";
import { EmailTestPage } from "../../components/login/EmailTestPage.tsx";
import type { EmailTestProps, TestEmailResult, TestEmailType } from "../../islands/EmailTest.tsx";

const DEFAULT_PLAYER_NAME = "Test Player";

async function sendEmailTestPage(c: Context<AppEnv>, form: EmailTestProps, status = 200) {
  const { kv, assets, config } = c.var.deps;
  // Listed only where mail is not really sent; with its links in development only.
  const withBodies = outboxKeepsBodies(config);
  const outbox = config.smtpUrl ? null : await listOutbox(kv, { cursor: cursorQuery(c), withBodies });
  const view = <EmailTestPage form={form} outbox={outbox} withBodies={withBodies} appUrl={config.appUrl} />;
  const page = renderPage(assets, view, {
    title: "Email Test",
    status,
    noindex: true,
  });
  return sendPage(c, page, [["cache-control", "no-store"]]);
}

/** `/email-test` (system administrators, or anyone in development); 404 for everyone else. */
export const emailTestPageRoutes = new Hono<AppEnv>()
  .get("/email-test", async (c) => {
    if (!(await testToolsAllowed(c))) return c.notFound();
    return await sendEmailTestPage(c, { email: "", playerName: DEFAULT_PLAYER_NAME, results: [] });
  })
  // Without JavaScript the form posts here; the result shows at the top of the list.
  .post("/email-test", async (c) => {
    if (!(await testToolsAllowed(c))) return c.notFound();
    const form = await readForm(c);
    const type: TestEmailType = form.type === "magic-link" ? "magic-link" : "verification";
    const email = typeof form.email === "string" ? form.email.trim() : "";
    const playerName = typeof form.playerName === "string" ? form.playerName.trim() : "";
    let result: TestEmailResult;
    try {
      result = { ...await sendTestEmail(c, type, { email, playerName }), code: 200 };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result = { type, success: false, email, message: error.message, code: httpStatusOf(error) };
    }
    return await sendEmailTestPage(c, { email, playerName, results: [result] }, result.code);
  });
