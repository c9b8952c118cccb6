import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { sendPage } from "../security_headers.ts";
import { loginSysadmin } from "../../lib/auth/login.ts";
import { getSysadmin, signInSysadmin } from "../auth_middleware.ts";
import { AppError } from "../../lib/errors.ts";
import { httpStatusOf, retryAfterHeader } from "../errors.ts";
import { readForm, safeLocalPath } from "../http.ts";
import { authContext } from "../api/auth.ts";
import { SysadminLoginPage } from "../../components/login/SysadminLoginPage.tsx";
import { SYSADMIN_HOME } from "../../components/login/login_links.ts";
import type { SysadminLoginProps } from "../../islands/SysadminLogin.tsx";

function sendLogin(c: Context<AppEnv>, login: SysadminLoginProps, status = 200, headers: [string, string][] = []) {
  const page = renderPage(c.var.deps.assets, <SysadminLoginPage login={login} />, {
    title: "System Admin Login",
    status,
    noindex: true,
  });
  return sendPage(c, page, [["cache-control", "no-store"], ...headers]);
}

/** `/sysadmin/login`; without JavaScript its form posts here and redirects on success. */
export const sysadminLoginPageRoutes = new Hono<AppEnv>()
  .get("/sysadmin/login", async (c) => {
    const next = safeLocalPath(c.req.query("next"), "");
    if (await getSysadmin(c)) return c.redirect(next || SYSADMIN_HOME, 303);
    return sendLogin(c, { next, email: "", error: null });
  })
  .post("/sysadmin/login", async (c) => {
    const form = await readForm(c);
    const next = safeLocalPath(form.next, "");
    const email = typeof form.email === "string" ? form.email.trim() : "";
    try {
      await signInSysadmin(c, await loginSysadmin(authContext(c), email, form.password));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const headers = retryAfterHeader(error);
      return sendLogin(c, { next, email, error: error.message }, httpStatusOf(error), headers);
    }
    c.header("Cache-Control", "no-store");
    return c.redirect(next || SYSADMIN_HOME, 303);
  });
