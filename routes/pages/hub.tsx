import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { getSessionUser, getSysadmin, getUserSession, requireUser } from "../auth_middleware.ts";
import { updateSession } from "../../lib/auth/sessions.ts";
import { userSessionStore } from "../../lib/auth/session_user.ts";
import { loadHubData } from "../../lib/accounts/mod.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { sendPage } from "../security_headers.ts";
import { HUB_NOTICES, type HubNotice, HubPage } from "../../components/hub/HubPage.tsx";
import { accountPageRoutes } from "./account.tsx";

const FAMILY_DASHBOARD_SOON = "/home?soon=family-dashboard";

/** Makes `teamId` the selected team when the user belongs to it; false otherwise. */
async function selectTeam(c: Context<AppEnv>, teamId: unknown): Promise<boolean> {
  const user = await getSessionUser(c);
  const session = await getUserSession(c);
  if (!user || !session || typeof teamId !== "string" || !(teamId in user.roles)) return false;
  if (user.selectedTeamId === teamId) return true;
  const { kv, now } = c.var.deps;
  await updateSession(kv, userSessionStore, session, { ...session.data, selectedTeamId: teamId }, now().getTime());
  return true;
}

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
    const soon = c.req.query("soon") ?? "";
    const notice = Object.hasOwn(HUB_NOTICES, soon) ? soon as HubNotice : null;
    const page = renderPage(
      assets,
      <HubPage data={data} development={config.env === "development"} notice={notice} />,
      {
        title: "Your GoalMates Hub",
        noindex: true,
      },
    );
    return sendPage(c, page, [["cache-control", "no-store"]]);
  })
  .post("/home/team", requireUser, async (c) => {
    const form = await c.req.parseBody();
    await selectTeam(c, form.teamId);
    return c.redirect("/home", 303);
  })
  /** The signup success button: the signed-in person's family dashboard. */
  .get("/dashboard", requireUser, async (c) => {
    const user = (await getSessionUser(c))!;
    return c.redirect(user.selectedTeamId ? `/family-dashboard/${user.selectedTeamId}` : "/home", 303);
  })
  // Until the family dashboard arrives, its routes select the team and open the hub, which
  // says so ('coming soon') rather than leaving the person wondering why they are there.
  .get("/family-dashboard/:teamId", requireUser, async (c) => {
    await selectTeam(c, c.req.param("teamId"));
    return c.redirect(FAMILY_DASHBOARD_SOON, 303);
  })
  .get("/family-dashboard", requireUser, (c) => c.redirect(FAMILY_DASHBOARD_SOON, 303))
  .get("/parent", requireUser, (c) => c.redirect(FAMILY_DASHBOARD_SOON, 303))
  .get("/parent-dashboard", requireUser, (c) => c.redirect(FAMILY_DASHBOARD_SOON, 303))
  .route("/", accountPageRoutes);
