import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { PRIVATE_PAGE, sendPage } from "../security_headers.ts";
import { loginSysadmin } from "../../lib/auth/login.ts";
import { getSysadmin, signInSysadmin } from "../auth_middleware.ts";
import { refusalOf, signInRoute } from "../errors.ts";
import { formBody, readForm, safeLocalPath } from "../http.ts";
import { authContext } from "../contexts.ts";
import { SysadminLoginPage } from "../../components/sysadmin/SysadminLoginPage.tsx";
import { SYSADMIN_HOME } from "../../components/login/login_links.ts";
import type { SysadminLoginProps } from "../../islands/sysadmin/SysadminLogin.tsx";
import { pageLanguage } from "../language.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { translateMessage } from "../../lib/i18n/translate.ts";

async function sendLogin(
  c: Context<AppEnv>,
  login: SysadminLoginProps,
  status = 200,
  headers: [string, string][] = [],
) {
  const language = await pageLanguage(c);
  // lib/auth refuses in English: the form shows the refusal in the page's language.
  const error = login.error && translateMessage(login.error, language.lang);
  const page = renderPage(c.var.deps.assets, <SysadminLoginPage login={{ ...login, error }} />, {
    title: messagesFor(language.lang).sysadmin.login.title,
    status,
    noindex: true,
    ...language,
  });
  return sendPage(c, page, [...PRIVATE_PAGE, ...headers]);
}

/** `/sysadmin/login`; without JavaScript its form posts here and redirects on success. */
export const sysadminLoginPage = new Hono<AppEnv>()
  .get("/", async (c) => {
    const next = safeLocalPath(c.req.query("next"), "");
    if (await getSysadmin(c)) return c.redirect(next || SYSADMIN_HOME, 303);
    return await sendLogin(c, { next, email: "", error: null });
  })
  .post("/", formBody, signInRoute("sysadmin-password"), async (c) => {
    const form = await readForm(c);
    const next = safeLocalPath(form.next, "");
    const email = typeof form.email === "string" ? form.email.trim() : "";
    try {
      await signInSysadmin(c, await loginSysadmin(authContext(c), email, form.password));
    } catch (error) {
      const refused = refusalOf(error);
      return await sendLogin(c, { next, email, error: refused.message }, refused.status, refused.headers);
    }
    c.header("Cache-Control", "no-store");
    return c.redirect(next || SYSADMIN_HOME, 303);
  });
