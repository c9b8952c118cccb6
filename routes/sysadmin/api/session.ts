/** `/api/sysadmin`: the system administrator's own session, on a cookie of its own: login, status, verify, logout. */
import { Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { getSysadmin, requireSysadmin, signInSysadmin, signOutSysadmin } from "../../auth_middleware.ts";
import { loginSysadmin } from "../../../lib/auth/login.ts";
import { jsonBody, readJsonFields } from "../../http.ts";
import { signInRoute } from "../../errors.ts";
import { NO_STORE } from "../../security_headers.ts";
import { authContext } from "../../contexts.ts";
import { messagesFor } from "../../../lib/i18n/catalog.ts";

/** In English: each answer's `message` goes out in the request's language (routes/language.ts). */
const API_TEXTS = messagesFor("en").sysadmin.api;

export const sysadminSessionApi = new Hono<AppEnv>()
  .post("/login", jsonBody, signInRoute("sysadmin-password"), async (c) => {
    const body = await readJsonFields(c);
    const email = await loginSysadmin(authContext(c), body.email, body.password);
    await signInSysadmin(c, email);
    return c.json({ success: true, message: API_TEXTS.loginSuccessful }, 200, NO_STORE);
  })
  .get("/status", async (c) => {
    const admin = await getSysadmin(c);
    return c.json({ isAuthenticated: admin !== null, email: admin?.email ?? null }, 200, NO_STORE);
  })
  .get("/verify", requireSysadmin, async (c) => {
    const admin = (await getSysadmin(c))!;
    return c.json({ isAuthenticated: true, email: admin.email }, 200, NO_STORE);
  })
  .post("/logout", jsonBody, async (c) => {
    await signOutSysadmin(c);
    return c.json({ success: true, message: API_TEXTS.loggedOut }, 200, NO_STORE);
  });
