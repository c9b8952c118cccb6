import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { formBody, readForm } from "../http.ts";
import { getSessionUser, getSysadmin, requireUser, selectTeam } from "../auth_middleware.ts";
import { loadHubData } from "../../lib/accounts/mod.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { PRIVATE_PAGE, sendPage } from "../security_headers.ts";
import { HubPage } from "../../components/hub/HubPage.tsx";
import { pageLanguage } from "../language.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";

/** `/home`: the hub, and team switching (`POST /home/team`). */
export const hubPages = new Hono<AppEnv>()
  .get("/", async (c) => {
    const [user, sysadmin] = await Promise.all([getSessionUser(c), getSysadmin(c)]);
    if (!user && !sysadmin) return c.redirect("/team-login?next=/home", 303);
    const { kv, assets, config } = c.var.deps;
    const data = await loadHubData(kv, user, sysadmin?.email ?? null);
    const language = await pageLanguage(c);
    const page = renderPage(
      assets,
      <HubPage data={data} development={config.env === "development"} />,
      { title: messagesFor(language.lang).hub.title, noindex: true, ...language },
    );
    return sendPage(c, page, PRIVATE_PAGE);
  })
  .post("/team", formBody, requireUser, async (c) => {
    const form = await readForm(c);
    await selectTeam(c, form.teamId);
    return c.redirect("/home", 303);
  });
