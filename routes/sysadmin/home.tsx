import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import {
  developmentOnly,
  getSessionUser,
  getSysadmin,
  requireSysadmin,
  signInPerson,
  signOutSysadmin,
  sysadminActorOf,
} from "../auth_middleware.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { PRIVATE_PAGE, sendPage } from "../security_headers.ts";
import { cursorQuery, formBody, formText, noticeCode, readForm } from "../http.ts";
import { NotFoundError, RateLimitError } from "../../lib/errors.ts";
import { refusalOf } from "../errors.ts";
import {
  ADMIN_HOME_TABS,
  type AdminHomeData,
  type AdminHomeTab,
  devSignIn,
  devSyncCalendars,
  loadActivity,
  loadAdminStats,
  loadAdminTeams,
  regenerateTeamInviteLink,
  systemFacts,
} from "../../lib/sysadmin/mod.ts";
import {
  ADMIN_HOME_NOTICES,
  adminHomeHref,
  AdminHomePage,
  AuthenticationRequiredPage,
  sysadminLoginHref,
} from "../../components/sysadmin/AdminHomePage.tsx";
import { AdminDesktopPage } from "../../components/sysadmin/AdminDesktopPage.tsx";
import { headerAccount } from "../../components/SiteLayout.tsx";
import { pageLanguage } from "../language.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { translateMessage } from "../../lib/i18n/translate.ts";
import type { Language } from "../../lib/i18n/languages.ts";
import { describeTimeLeft } from "../../lib/join/mod.ts";

type Ctx = Context<AppEnv>;

const tabOf = (value: string | undefined): AdminHomeTab => ADMIN_HOME_TABS.find((t) => t.id === value)?.id ?? "teams";

/** 'Authentication Required' (401), moving to the system administrator sign-in after 1 s. */
async function sendAuthenticationRequired(c: Ctx): Promise<Response> {
  const here = new URL(c.req.url);
  const loginHref = sysadminLoginHref(here.pathname + here.search);
  const language = await pageLanguage(c);
  const page = renderPage(
    c.var.deps.assets,
    <AuthenticationRequiredPage loginHref={loginHref} account={headerAccount(await getSessionUser(c))} />,
    { title: messagesFor(language.lang).sysadmin.authRequired.title, status: 401, noindex: true, ...language },
  );
  return sendPage(c, page, [...PRIVATE_PAGE, ["refresh", `1; url=${loginHref}`]]);
}

/** The team cards' invite links with their time left in the page's language (lib writes it in English). */
function inLanguage(teams: AdminHomeData["teams"], lang: Language, now: Date): AdminHomeData["teams"] {
  if (!teams || lang === "en") return teams;
  const values = teams.values.map((team) => {
    const link = team.inviteLink;
    if (!link) return team;
    const timeToExpiry = describeTimeLeft(Date.parse(link.expiresAt) - now.getTime(), lang);
    return { ...team, inviteLink: { ...link, timeToExpiry } };
  });
  return { ...teams, values };
}

/** `/admin`: the older system admin dashboard (system administrators only), and its sign-out. */
export const adminHomePages = new Hono<AppEnv>()
  .get("/", async (c) => {
    const sysadmin = await getSysadmin(c);
    if (!sysadmin) return await sendAuthenticationRequired(c);
    const { kv, config, assets, now } = c.var.deps;
    const language = await pageLanguage(c);
    const { lang } = language;
    const at = now();
    const tab = tabOf(c.req.query("tab"));
    const cursor = tab === "settings" ? "" : cursorQuery(c);
    const activity = tab === "activity"
      ? await loadActivity(kv, { team: c.req.query("team") ?? "", action: c.req.query("action") ?? "" }, cursor, lang)
      : null;
    const data: AdminHomeData = {
      sysadminEmail: sysadmin.email,
      stats: await loadAdminStats(kv),
      tab,
      teams: tab === "teams" ? inLanguage(await loadAdminTeams(kv, config.appUrl, at, cursor), lang, at) : null,
      // The filters' refusal is lib's English; the entries' sentences stay English (not converted yet).
      activity: activity && { ...activity, problem: activity.problem && translateMessage(activity.problem, lang) },
      settings: tab === "settings"
        ? systemFacts(config, assets).map((fact) => ({
          label: translateMessage(fact.label, lang),
          value: translateMessage(fact.value, lang),
        }))
        : null,
    };
    const code = noticeCode(c, ADMIN_HOME_NOTICES);
    const notice = code === undefined ? null : ADMIN_HOME_NOTICES[code];
    const page = renderPage(assets, <AdminHomePage data={data} notice={notice} cursor={cursor} />, {
      title: messagesFor(lang).sysadmin.home.title,
      noindex: true,
      ...language,
    });
    return sendPage(c, page, PRIVATE_PAGE);
  })
  // Ends the system administrator's session (a person's session in the same browser stays).
  .post("/sign-out", formBody, async (c) => {
    await signOutSysadmin(c);
    c.header("Cache-Control", "no-store");
    return c.redirect("/sysadmin/login", 303);
  });

/** `/admin-desktop` (public): where each part of the old desktop admin went. */
export const adminDesktopPage = new Hono<AppEnv>()
  .get("/", async (c) => {
    const [user, sysadmin] = await Promise.all([getSessionUser(c), getSysadmin(c)]);
    const adminTeams = (user?.teams ?? []).filter((t) => t.role === "TEAM_ADMIN").map(({ id, name }) => ({ id, name }));
    const language = await pageLanguage(c);
    const page = renderPage(
      c.var.deps.assets,
      <AdminDesktopPage
        account={headerAccount(user, sysadmin?.email ?? null)}
        adminTeams={adminTeams}
        sysadmin={sysadmin !== null}
      />,
      { title: messagesFor(language.lang).sysadmin.desktop.title, ...language },
    );
    return sendPage(c, page, PRIVATE_PAGE);
  });

/**
 * `/sysadmin`'s tools: the `/admin` dashboard's recruiting-link form, and the console's Dev Tools
 * forms (development mode only; a plain 404 otherwise).
 */
export const sysadminToolForms = new Hono<AppEnv>()
  // The recruiting-link panel's Generate New, back to the same page of team cards.
  .post("/invite-links/:teamId", formBody, requireSysadmin, async (c) => {
    const { kv, config, now } = c.var.deps;
    const cursor = formText(await readForm(c), "cursor");
    const back = (query: Record<string, string>) =>
      `${adminHomeHref("teams", { cursor: /^[A-Za-z0-9_=-]{1,512}$/.test(cursor) ? cursor : "", ...query })}`;
    const teamId = c.req.param("teamId");
    try {
      await regenerateTeamInviteLink(kv, teamId, await sysadminActorOf(c), config.appUrl, now());
    } catch (error) {
      const code = refusalOf(error).error instanceof RateLimitError ? "invite-link-limited" : "team-missing";
      return c.redirect(back({ error: code }), 303);
    }
    return c.redirect(`${back({ done: "invite-link" })}#team-${encodeURIComponent(teamId)}`, 303);
  })
  // Dev Tools: a one-click sign-in as a demo account, the same sign-in as POST /api/dev/auto-login.
  .post("/dev/login", developmentOnly, formBody, requireSysadmin, async (c) => {
    const { kv, now } = c.var.deps;
    const email = formText(await readForm(c), "email").slice(0, 320);
    let target;
    try {
      target = await devSignIn(kv, email, await sysadminActorOf(c), now());
    } catch (error) {
      refusalOf(error, NotFoundError);
      return c.redirect("/sysadmin?tab=dev&devError=no-account", 303);
    }
    await signInPerson(c, target.userId, target.teamId);
    c.header("Cache-Control", "no-store");
    return c.redirect(target.redirectTo, 303);
  })
  // Dev Tools: 'Sync all calendars now', then back to the tab with the counts.
  .post("/dev/calendars/sync", developmentOnly, formBody, requireSysadmin, async (c) => {
    const { kv, now, config } = c.var.deps;
    const counts = await devSyncCalendars(
      kv,
      { now, allowPrivateHosts: config.calendarAllowPrivateHosts },
      await sysadminActorOf(c),
    );
    const query = new URLSearchParams({
      tab: "dev",
      ...Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, String(v)])),
    });
    return c.redirect(`/sysadmin?${query}`, 303);
  });
