import { type Context, Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { formBody, readForm } from "../../http.ts";
import { actorOf, requireTeamRole } from "../../auth_middleware.ts";
import { renderPage } from "../../../lib/render/page.tsx";
import { PRIVATE_PAGE, sendPage } from "../../security_headers.ts";
import { ValidationError } from "../../../lib/errors.ts";
import { refusalOf } from "../../errors.ts";
import { teamTimeZone, teamTimeZoneSource, timeZoneChoices } from "../../../lib/time_zone.ts";
import type { Team } from "../../../lib/db/teams.ts";
import { parseSettingsPatch, settingsView, updateTeamSettings } from "../../../lib/teams/mod.ts";
import { deleteTeam } from "../../../lib/teams/mod.ts";
import { AdminLayout } from "../../../components/admin/AdminLayout.tsx";
import { adminPathsFor } from "./render.tsx";
import { adminPaths, type AdminPrefix } from "../../../components/admin/paths.ts";
import { loadAdminFrame } from "../../../lib/teams/mod.ts";
import type { FormFields } from "../../../components/admin/roster/roster_forms.ts";
import { SettingsContent } from "../../../components/admin/settings/SettingsContent.tsx";
import {
  formValuesFromPost,
  SETTINGS_NOTICES,
  SETTINGS_SWITCHES,
  type SettingsFormValues,
  settingsPatchFromForm,
} from "../../../components/admin/settings/settings_form.ts";

type Ctx = Context<AppEnv>;

interface PageState {
  values?: SettingsFormValues;
  saveError?: string | null;
  deleteError?: string | null;
  notice?: string | null;
}

const admin = requireTeamRole("TEAM_ADMIN");

function storedValues(team: Team): SettingsFormValues {
  const s = team.settings;
  return {
    name: team.name,
    season: team.season,
    orgName: team.orgName,
    claimInstructions: s.claimInstructions,
    allowedEmailDomains: s.allowedEmailDomains.join("\n"),
    timeZone: teamTimeZone(team),
    switches: Object.fromEntries(
      SETTINGS_SWITCHES.map((sw) => [sw.name, s[sw.name]]),
    ) as SettingsFormValues["switches"],
  };
}

async function sendSettings(c: Ctx, prefix: AdminPrefix, state: PageState, status = 200) {
  const { kv, assets, config } = c.var.deps;
  const teamId = c.var.teamId!;
  const { team, pendingCount } = await loadAdminFrame(kv, teamId);
  const paths = await adminPathsFor(c, prefix);
  const page = renderPage(
    assets,
    <AdminLayout team={team} paths={paths} current="settings" pendingCount={pendingCount} title="Team Settings">
      <SettingsContent
        teamId={teamId}
        settingsPath={paths.settings}
        teamName={team.name}
        publicRosterUrl={settingsView(team, config.appUrl).team.publicRosterUrl}
        values={state.values ?? storedValues(team)}
        timeZones={[...timeZoneChoices()]}
        timeZoneSource={teamTimeZoneSource(team)}
        saveError={state.saveError ?? null}
        deleteError={state.deleteError ?? null}
        notice={state.notice ?? null}
      />
    </AdminLayout>,
    { title: `Team Settings · ${team.name}`, noindex: true, status },
  );
  return sendPage(c, page, PRIVATE_PAGE);
}

async function readFields(c: Ctx): Promise<FormFields> {
  const body = await readForm(c);
  return Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === "string")) as FormFields;
}

/** `…/settings`: team settings and Delete Team, with forms that work without JavaScript, under `/${prefix}/{teamId}`. */
export function settingsPages(prefix: AdminPrefix) {
  const path = "/settings";
  return new Hono<AppEnv>()
    .get(path, admin, (c) => sendSettings(c, prefix, { notice: SETTINGS_NOTICES[c.req.query("notice") ?? ""] }))
    .post(path, formBody, admin, async (c) => {
      const { kv, now } = c.var.deps;
      const fields = await readFields(c);
      try {
        const patch = parseSettingsPatch(settingsPatchFromForm(fields));
        await updateTeamSettings(kv, c.var.teamId!, patch, await actorOf(c), now());
      } catch (error) {
        const { message } = refusalOf(error, ValidationError);
        return sendSettings(c, prefix, { values: formValuesFromPost(fields), saveError: message }, 400);
      }
      return c.redirect(`${adminPaths(c.var.teamId!, prefix).settings}?notice=saved`, 303);
    })
    .post(`${path}/delete`, formBody, admin, async (c) => {
      const { kv, now } = c.var.deps;
      const fields = await readFields(c);
      try {
        await deleteTeam(kv, c.var.teamId!, fields.confirm ?? "", await actorOf(c), now());
      } catch (error) {
        return sendSettings(c, prefix, { deleteError: refusalOf(error, ValidationError).message }, 400);
      }
      return c.redirect("/home", 303);
    });
}
