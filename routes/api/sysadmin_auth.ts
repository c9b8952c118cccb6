import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { getSysadmin, requireSysadmin, signInSysadmin, signOutSysadmin } from "../auth_middleware.ts";
import { loginSysadmin } from "../../lib/auth/login.ts";
import { readJsonFields } from "../http.ts";
import { authContext } from "./auth.ts";

const NO_STORE = { "Cache-Control": "no-store" };

/** The system administrator's own session: login, status, verify, logout. */
export const sysadminAuthApiRoutes = new Hono<AppEnv>()
  .post("/api/sysadmin/login", async (c) => {
    const body = await readJsonFields(c);
    const email = await loginSysadmin(authContext(c), body.email, body.password);
    await signInSysadmin(c, email);
    return c.json({ success: true, message: "Login successful" }, 200, NO_STORE);
  })
  .get("/api/sysadmin/status", async (c) => {
    const admin = await getSysadmin(c);
    return c.json({ isAuthenticated: admin !== null, email: admin?.email ?? null }, 200, NO_STORE);
  })
  .get("/api/sysadmin/verify", requireSysadmin, async (c) => {
    const admin = (await getSysadmin(c))!;
    return c.json({ isAuthenticated: true, email: admin.email }, 200, NO_STORE);
  })
  .post("/api/sysadmin/logout", async (c) => {
    await signOutSysadmin(c);
    return c.json({ success: true, message: "Logged out" }, 200, NO_STORE);
  });
