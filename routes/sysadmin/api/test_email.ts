import { Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { jsonBody, readJson } from "../../http.ts";
import { NO_STORE } from "../../security_headers.ts";
import { requireTestTools, sendTestEmail } from "../test_tools.ts";

/** `/api/test-email/verification` and `/magic-link` (SPEC.md section 7, Test tools). */
export const testEmailApi = new Hono<AppEnv>()
  .post("/verification", requireTestTools, jsonBody, async (c) => {
    return c.json(await sendTestEmail(c, "verification", await readJson(c)), 200, NO_STORE);
  })
  .post("/magic-link", requireTestTools, jsonBody, async (c) => {
    return c.json(await sendTestEmail(c, "magic-link", await readJson(c)), 200, NO_STORE);
  });
