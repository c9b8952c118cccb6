/**
 * The Team Calendar card without JavaScript: its three forms post here (under both admin
 * prefixes) and come back to the dashboard with a notice (post/redirect/get). A refused URL
 * (its rule, a feed that fails the check, too many tries) shows the dashboard again with the
 * admin's text and the error next to the field.
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { actorOf, requireTeamRole } from "../../auth_middleware.ts";
import { formBody, formText, readForm } from "../../http.ts";
import { type Refusal, refusalOf } from "../../errors.ts";
import { ConflictError, NotFoundError, RateLimitError, ValidationError } from "../../../lib/errors.ts";
import { calendarViewIn, removeCalendar, syncCalendarNow } from "../../../lib/calendar/mod.ts";
import { loadDashboard } from "../../../lib/teams/mod.ts";
import { adminPaths, type AdminPrefix } from "../../../components/admin/paths.ts";
import { DashboardPage } from "../../../components/admin/DashboardPage.tsx";
import { adminPathsFor, sendAdminPage } from "./render.tsx";
import { connectCalendar, syncDepsOf } from "../../contexts.ts";
import { requestLanguage } from "../../language.ts";
import { messagesFor } from "../../../lib/i18n/catalog.ts";
import { format } from "../../../lib/i18n/format.ts";
import { translateMessage } from "../../../lib/i18n/translate.ts";

type Ctx = Context<AppEnv>;
const admin = requireTeamRole("TEAM_ADMIN");

/** The dashboard again, its Team Calendar card showing the refused URL and why, in the request's language. */
async function sendRefusedCalendar(c: Ctx, prefix: AdminPrefix, calendarUrl: string, refused: Refusal) {
  const { kv, config, now } = c.var.deps;
  const lang = await requestLanguage(c);
  const ctx = { actor: await actorOf(c), appUrl: config.appUrl, now: now() };
  const data = await loadDashboard(kv, c.var.teamId!, ctx);
  const calendar = data.calendar && calendarViewIn(data.calendar, lang);
  const page = (
    <DashboardPage
      data={{ ...data, calendar }}
      paths={await adminPathsFor(c, prefix)}
      appUrl={config.appUrl}
      notice={null}
      now={ctx.now}
      calendarForm={{ calendarUrl, error: translateMessage(refused.message, lang) }}
    />
  );
  const title = format(lang, messagesFor(lang).admin.titles.dashboard, { team: data.team.name });
  return sendAdminPage(c, page, title, refused.status, refused.headers);
}

/** The notice code a refused remove or sync leads to. */
function noticeOf(error: unknown): string {
  const refused = refusalOf(error, NotFoundError, ConflictError, RateLimitError).error;
  return refused instanceof NotFoundError
    ? "calendar-missing"
    : refused instanceof ConflictError
    ? "calendar-busy"
    : "calendar-limited";
}

/** `…/calendar` and `…/calendar/{calendarId}/sync|remove` under `/${prefix}/{teamId}`. */
export function calendarForms(prefix: AdminPrefix) {
  const base = "/calendar";
  const back = (c: Ctx, query: string) => c.redirect(`${adminPaths(c.var.teamId!, prefix).dashboard}?${query}`, 303);
  return new Hono<AppEnv>()
    .post(base, formBody, admin, async (c) => {
      const calendarUrl = formText(await readForm(c), "calendarUrl");
      try {
        await connectCalendar(c, calendarUrl);
      } catch (error) {
        const refused = refusalOf(error, ValidationError, ConflictError, RateLimitError);
        return await sendRefusedCalendar(c, prefix, calendarUrl, refused);
      }
      return back(c, "done=calendar-added");
    })
    .post(`${base}/:calendarId/sync`, formBody, admin, async (c) => {
      let failed: boolean;
      try {
        const outcome = await syncCalendarNow(c.var.deps.kv, c.var.teamId!, c.req.param("calendarId"), syncDepsOf(c));
        failed = outcome.kind === "failed";
      } catch (error) {
        return back(c, `error=${noticeOf(error)}`);
      }
      return back(c, failed ? "error=calendar-sync-failed" : "done=calendar-synced");
    })
    .post(`${base}/:calendarId/remove`, formBody, admin, async (c) => {
      const { kv, now } = c.var.deps;
      try {
        await removeCalendar(kv, c.var.teamId!, c.req.param("calendarId"), await actorOf(c), now());
      } catch (error) {
        return back(c, `error=${noticeOf(error)}`);
      }
      return back(c, "done=calendar-removed");
    });
}
