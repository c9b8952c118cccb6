/**
 * `/teams/{teamId}` itself (DECISIONS.md): the dashboard for its admins, the team's login when
 * signed out, 'Dashboard Moved' for everyone else; and the team login's forms without
 * JavaScript (the island calls the same lib through api/sign_in.ts).
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { getSessionUser, getSysadmin, signInUser } from "../../auth_middleware.ts";
import { ADMIN_POLICY } from "../../../lib/auth/sessions.ts";
import { AUTH_MESSAGES, loginTeamAccess, parseLoginEmail, requestMagicLink } from "../../../lib/auth/login.ts";
import { resolveTeam, type Team } from "../../../lib/db/teams.ts";
import { RateLimitError } from "../../../lib/errors.ts";
import { refusalOf, signInRoute } from "../../errors.ts";
import { authContext } from "../../contexts.ts";
import { DashboardMovedPage, InvalidTeamPage, TeamLoginByIdPage } from "../../../components/admin/TeamDoorPages.tsx";
import type { TeamAccessLoginProps } from "../../../islands/TeamAccessLogin.tsx";
import { renderDashboard, sendAdminPage } from "./render.tsx";
import { formBody, formText, readForm } from "../../http.ts";
import { headerAccount } from "../../../components/SiteLayout.tsx";
import { requestLanguage } from "../../language.ts";
import { messagesFor } from "../../../lib/i18n/catalog.ts";
import { format } from "../../../lib/i18n/format.ts";
import { translateMessage } from "../../../lib/i18n/translate.ts";

type Ctx = Context<AppEnv>;

async function sendTeamLogin(
  c: Ctx,
  team: Team,
  changes: Partial<TeamAccessLoginProps> = {},
  status = 200,
  headers: [string, string][] = [],
) {
  const login: TeamAccessLoginProps = {
    teamId: team.id,
    loginError: null,
    username: "",
    magicError: null,
    magicSentTo: null,
    ...changes,
  };
  const lang = await requestLanguage(c);
  // lib's refusals are English: the form shows them in the page's language.
  if (login.loginError) login.loginError = translateMessage(login.loginError, lang);
  if (login.magicError) login.magicError = translateMessage(login.magicError, lang);
  const title = format(lang, messagesFor(lang).admin.titles.teamLogin, { team: team.name });
  return sendAdminPage(c, <TeamLoginByIdPage teamName={team.name} login={login} />, title, status, headers);
}

/** The path's team (by id or slug), or the 'Invalid Team' page. */
async function teamOrInvalid(c: Ctx): Promise<Team | Response> {
  const team = await resolveTeam(c.var.deps.kv, c.req.param("teamId") ?? "");
  if (team) return team;
  const [user, sysadmin] = await Promise.all([getSessionUser(c), getSysadmin(c)]);
  const account = headerAccount(user, sysadmin?.email ?? null);
  const title = messagesFor(await requestLanguage(c)).admin.titles.invalidTeam;
  return sendAdminPage(c, <InvalidTeamPage account={account} />, title, 404);
}

/** A refusal as the form shows it: a rate limit says so, anything else the form's own words (`fallback`). */
function messageOf(error: unknown, fallback: string) {
  const { error: refused, message, status, headers } = refusalOf(error);
  return { status, message: refused instanceof RateLimitError ? message : fallback, headers };
}

export const teamDoorPages = new Hono<AppEnv>()
  .get("/", async (c) => {
    const team = await teamOrInvalid(c);
    if (team instanceof Response) return team;
    const [user, sysadmin] = await Promise.all([getSessionUser(c), getSysadmin(c)]);
    if (!user && !sysadmin) return sendTeamLogin(c, team);
    if (sysadmin || user?.roles[team.id] === "TEAM_ADMIN") {
      c.set("teamId", team.id);
      return await renderDashboard(c, "teams");
    }
    const account = headerAccount(user, null);
    const title = messagesFor(await requestLanguage(c)).admin.titles.dashboardMoved;
    return sendAdminPage(c, <DashboardMovedPage team={team} account={account} />, title);
  })
  .post("/login", formBody, signInRoute("team-password"), async (c) => {
    const team = await teamOrInvalid(c);
    if (team instanceof Response) return team;
    const form = await readForm(c);
    const username = formText(form, "username").trim();
    let signedIn: { username: string; credentials: string };
    try {
      signedIn = await loginTeamAccess(authContext(c), team.id, username, formText(form, "password"));
    } catch (error) {
      const { status, message, headers } = messageOf(error, AUTH_MESSAGES.teamLoginFailed);
      return sendTeamLogin(c, team, { username, loginError: message }, status, headers);
    }
    // The session remembers the credentials it signed in with: it ends when they change.
    const teamAccess = { teamId: team.id, ...signedIn };
    await signInUser(c, { userId: null, teamAccess, selectedTeamId: team.id }, ADMIN_POLICY);
    c.header("Cache-Control", "no-store");
    return c.redirect(`/teams/${encodeURIComponent(team.id)}`, 303);
  })
  .post("/magic-link", formBody, async (c) => {
    const team = await teamOrInvalid(c);
    if (team instanceof Response) return team;
    const email = formText(await readForm(c), "email").trim();
    try {
      await requestMagicLink(authContext(c), parseLoginEmail(email), { kind: "team", teamId: team.id });
    } catch (error) {
      const { status, message, headers } = messageOf(error, AUTH_MESSAGES.checkEmail);
      return sendTeamLogin(c, team, { magicError: message }, status, headers);
    }
    // The same answer whether or not the address belongs to the team.
    return sendTeamLogin(c, team, { magicSentTo: email });
  });
