import { type Context, Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { formBody, readForm } from "../../http.ts";
import { actorOf, requireTeamRole } from "../../auth_middleware.ts";
import { ValidationError } from "../../../lib/errors.ts";
import { refusalOf } from "../../errors.ts";
import { teamTimeZone, teamTimeZoneSource, timeZoneChoices } from "../../../lib/time_zone.ts";
import type { Team } from "../../../lib/db/teams.ts";
import { parseSettingsPatch, settingsView, updateTeamSettings } from "../../../lib/teams/mod.ts";
import { deleteTeam } from "../../../lib/teams/mod.ts";
import { AdminLayout } from "../../../components/admin/AdminLayout.tsx";
import { adminPathsFor, sendAdminPage } from "./render.tsx";
import { requestLanguage } from "../../language.ts";
import { messagesFor } from "../../../lib/i18n/catalog.ts";
import { format } from "../../../lib/i18n/format.ts";
import { translateFields, translateMessage } from "../../../lib/i18n/translate.ts";
import { adminPaths, type AdminPrefix } from "../../../components/admin/paths.ts";
import { loadAdminFrame } from "../../../lib/teams/mod.ts";
import type { FormFields } from "../../../components/admin/roster/roster_forms.ts";
import { SettingsContent } from "../../../components/admin/settings/SettingsContent.tsx";
import {
  formValuesFromPost,
  SETTINGS_SWITCHES,
  type SettingsFormValues,
  settingsPatchFromForm,
  type SettingsRefusal,
} from "../../../components/admin/settings/settings_form.ts";

type Ctx = Context<AppEnv>;

/** A refused post's English messages (lib's); the page shows them in its language. */
interface PageState {
  values?: SettingsFormValues;
  saveError?: SettingsRefusal | null;
  deleteError?: string | null;
  /** Whether the page follows a save (`?notice=saved`). */
  saved?: boolean;
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
    switches: Object.fromEntries(SETTINGS_SWITCHES.map((name) => [name, s[name]])) as SettingsFormValues["switches"],
  };
}

async function sendSettings(c: Ctx, prefix: AdminPrefix, state: PageState, status = 200) {
  const { kv, config } = c.var.deps;
  const teamId = c.var.teamId!;
  const { team, pendingCount } = await loadAdminFrame(kv, teamId);
  const paths = await adminPathsFor(c, prefix);
  const lang = await requestLanguage(c);
  const T = messagesFor(lang).adminSettings;
  const { saveError, deleteError } = state;
  return await sendAdminPage(
    c,
    <AdminLayout team={team} paths={paths} current="settings" pendingCount={pendingCount} title={T.title}>
      <SettingsContent
        teamId={teamId}
        settingsPath={paths.settings}
        teamName={team.name}
        publicRosterUrl={settingsView(team, config.appUrl).team.publicRosterUrl}
        values={state.values ?? storedValues(team)}
        timeZones={[...timeZoneChoices()]}
        timeZoneSource={teamTimeZoneSource(team)}
        saveError={saveError
          ? { message: translateMessage(saveError.message, lang), fields: translateFields(saveError.fields, lang) }
          : null}
        deleteError={deleteError ? translateMessage(deleteError, lang) : null}
        notice={state.saved ? T.saved : null}
      />
    </AdminLayout>,
    format(lang, T.documentTitle, { team: team.name }),
    status,
  );
}

async function readFields(c: Ctx): Promise<FormFields> {
  const body = await readForm(c);
  return Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === "string")) as FormFields;
}

/** `…/settings`: team settings and Delete Team, with forms that work without JavaScript, under `/${prefix}/{teamId}`. */
export function settingsPages(prefix: AdminPrefix) {
  const path = "/settings";
  return new Hono<AppEnv>()
    .get(path, admin, (c) => sendSettings(c, prefix, { saved: c.req.query("notice") === "saved" }))
    .post(path, formBody, admin, async (c) => {
      const { kv, now } = c.var.deps;
      const fields = await readFields(c);
      try {
        const patch = parseSettingsPatch(settingsPatchFromForm(fields));
        await updateTeamSettings(kv, c.var.teamId!, patch, await actorOf(c), now());
      } catch (error) {
        const { message, fields: refused } = refusalOf(error, ValidationError);
        return sendSettings(
          c,
          prefix,
          { values: formValuesFromPost(fields), saveError: { message, fields: refused } },
          400,
        );
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
