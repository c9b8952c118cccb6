import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { readForm } from "../http.ts";
import { getSessionUser, getSysadmin, requireUser, selectTeam } from "../auth_middleware.ts";
import { loadHubData } from "../../lib/accounts/mod.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { sendPage } from "../security_headers.ts";
import { HubPage } from "../../components/hub/HubPage.tsx";
import { accountPageRoutes } from "./account.tsx";

/**
 * The hub (`/home`), team switching, the routes that lead a signed-in person onward, and the
 * person's own account page (`/account`, in ./account.tsx).
 */
export const hubPageRoutes = new Hono<AppEnv>()
  .get("/home", async (c) => {
    const [user, sysadmin] = await Promise.all([getSessionUser(c), getSysadmin(c)]);
    if (!user && !sysadmin) return c.redirect("/team-login?next=/home", 303);
    const { kv, assets, config } = c.var.deps;
    const data = await loadHubData(kv, user, sysadmin?.email ?? null);
    const page = renderPage(
      assets,
      <HubPage data={data} development={config.env === "development"} />,
      {
        title: "Your GoalMates Hub",
        noindex: true,
      },
    );
    return sendPage(c, page, [["cache-control", "no-store"]]);
  })
  .post("/home/team", requireUser, async (c) => {
    const form = await readForm(c);
    await selectTeam(c, form.teamId);
    return c.redirect("/home", 303);
  })
  .route("/", accountPageRoutes);
