import { type Context, Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { formBody, readForm } from "../../http.ts";
import { actorOf, requireTeamRole, teamViewerFor } from "../../auth_middleware.ts";
import { refusalOf } from "../../errors.ts";
import { requestLanguage } from "../../language.ts";
import { messagesFor } from "../../../lib/i18n/catalog.ts";
import { format } from "../../../lib/i18n/format.ts";
import type { Language } from "../../../lib/i18n/languages.ts";
import { translateFields } from "../../../lib/i18n/translate.ts";
import {
  addPlayer,
  listAdminPlayers,
  parseNewPlayer,
  parsePlayerPatch,
  removePlayer,
  type RosterChange,
  updatePlayer,
} from "../../../lib/roster/mod.ts";
import { IMPORT_MESSAGES, importRosterCsv, translatePreview } from "../../../lib/roster/mod.ts";
import { AdminLayout } from "../../../components/admin/AdminLayout.tsx";
import { adminPathsFor, sendAdminPage } from "./render.tsx";
import { adminPaths, type AdminPrefix } from "../../../components/admin/paths.ts";
import { loadAdminFrame } from "../../../lib/teams/mod.ts";
import { RosterManagementContent } from "../../../components/admin/roster/RosterManagementContent.tsx";
import { PrintRosterPage } from "../../../components/admin/roster/PrintRosterPage.tsx";
import {
  type FormFields,
  type ImportPreviewView,
  newPlayerFromForm,
  panelFrom,
  playerPatchFromForm,
  ROSTER_NOTICES,
  type RosterNotice,
  type RosterPanel,
  toRosterPlayer,
} from "../../../components/admin/roster/roster_forms.ts";
import type { PanelRequest } from "../../../components/admin/roster/roster_panel.ts";

type Ctx = Context<AppEnv>;

/** The form the page opens, and after a refused post what was typed and what was wrong. */
interface PageState {
  panel: RosterPanel | null;
  query?: string;
  values?: FormFields;
  errors?: Record<string, string>;
  importText?: string;
  preview?: ImportPreviewView;
}

const admin = requireTeamRole("TEAM_ADMIN");

/** The page in the request's language: lib's English refusals and the preview's row problems too. */
async function sendRoster(c: Ctx, prefix: AdminPrefix, state: PageState, status = 200, notice: string | null = null) {
  const { kv, now } = c.var.deps;
  const teamId = c.var.teamId!;
  const [{ team, pendingCount }, players, viewer, lang] = await Promise.all([
    loadAdminFrame(kv, teamId),
    listAdminPlayers(kv, teamId, now()),
    teamViewerFor(c, teamId, { sysadminReads: false }),
    requestLanguage(c),
  ]);
  const m = messagesFor(lang).adminRosterPage;
  const paths = await adminPathsFor(c, prefix);
  const roster = players.map(toRosterPlayer);
  const { panel } = state;
  const open: PanelRequest | null = panel?.kind === "edit" || panel?.kind === "remove"
    ? { kind: panel.kind, player: roster.find((p) => p.id === panel.playerId) ?? null }
    : panel;
  const content = (
    <RosterManagementContent
      manager={{
        teamId,
        rosterPath: paths.roster,
        players: roster,
        query: state.query ?? "",
        notice,
        photos: viewer?.role === "TEAM_ADMIN",
      }}
      panel={{
        teamId,
        rosterPath: paths.roster,
        open,
        values: state.values ?? {},
        errors: translateFields(state.errors ?? {}, lang),
        importText: state.importText ?? "",
        preview: state.preview ? translatePreview(state.preview, lang) : null,
      }}
    />
  );
  const page = (
    <AdminLayout team={team} paths={paths} current="roster" pendingCount={pendingCount} title={m.title}>
      {content}
    </AdminLayout>
  );
  return sendAdminPage(c, page, format(lang, m.pageTitle, { team: team.name }), status);
}

/** What `?notice=` (and `&count=` after an import) says, in `lang`. */
function noticeText(lang: Language, code: string | undefined, count: number): string | null {
  const notices = messagesFor(lang).adminRosterForms.notices;
  if (code === "imported" && count > 0) return format(lang, notices.importedCount, { count });
  return ROSTER_NOTICES.find((known) => known === code) ? notices[code as RosterNotice] : null;
}

async function changeBy(c: Ctx): Promise<RosterChange> {
  return { kv: c.var.deps.kv, teamId: c.var.teamId!, actor: await actorOf(c), now: c.var.deps.now() };
}

async function readRosterForm(c: Ctx): Promise<{ fields: FormFields; file: File | null }> {
  const body = await readForm(c);
  const fields: FormFields = {};
  for (const [name, value] of Object.entries(body)) if (typeof value === "string") fields[name] = value;
  const file = body.file instanceof File && body.file.size > 0 ? body.file : null;
  return { fields, file };
}

/**
 * A refused form comes back filled in, with the server's messages next to the fields (each stat
 * under the one stats field) and the refusal's own message at the top.
 */
function formErrors(error: unknown): { errors: Record<string, string>; status: number } {
  const { fields, message, status } = refusalOf(error);
  const errors = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.startsWith("stats") ? "stats" : k, v]));
  return { errors: { ...errors, _: message }, status };
}

/** `…/roster`: roster management, its forms without JavaScript, and the print page, under `/${prefix}/{teamId}`. */
export function rosterPages(prefix: AdminPrefix) {
  const base = "/roster";
  const done = (c: Ctx, notice: RosterNotice, extra = "") =>
    c.redirect(`${adminPaths(c.var.teamId!, prefix).roster}?notice=${notice}${extra}`, 303);

  return new Hono<AppEnv>()
    .get(base, admin, async (c) => {
      const query = c.req.query();
      const notice = noticeText(await requestLanguage(c), query.notice, Number(query.count));
      return sendRoster(c, prefix, { panel: panelFrom(query), query: query.q ?? "" }, 200, notice);
    })
    .get(`${base}/print`, admin, async (c) => {
      const { kv, now } = c.var.deps;
      const [{ team }, players, lang] = await Promise.all([
        loadAdminFrame(kv, c.var.teamId!),
        listAdminPlayers(kv, c.var.teamId!, now()),
        requestLanguage(c),
      ]);
      const rosterPath = adminPaths(c.var.teamId!, prefix).roster;
      const title = format(lang, messagesFor(lang).adminRosterPage.printTitle, { team: team.name });
      return sendAdminPage(c, <PrintRosterPage team={team} players={players} rosterPath={rosterPath} />, title);
    })
    .post(`${base}/players`, formBody, admin, async (c) => {
      const { fields } = await readRosterForm(c);
      try {
        await addPlayer(await changeBy(c), parseNewPlayer(newPlayerFromForm(fields)));
      } catch (error) {
        const { errors, status } = formErrors(error);
        return sendRoster(c, prefix, { panel: { kind: "add" }, values: fields, errors }, status);
      }
      return done(c, "added");
    })
    .post(`${base}/players/:playerId`, formBody, admin, async (c) => {
      const playerId = c.req.param("playerId");
      const { fields } = await readRosterForm(c);
      try {
        const patch = parsePlayerPatch(playerPatchFromForm(fields), c.var.deps.now());
        await updatePlayer(await changeBy(c), playerId, patch);
      } catch (error) {
        const { errors, status } = formErrors(error);
        return sendRoster(c, prefix, { panel: { kind: "edit", playerId }, values: fields, errors }, status);
      }
      return done(c, "updated");
    })
    .post(`${base}/players/:playerId/remove`, formBody, admin, async (c) => {
      await removePlayer(await changeBy(c), c.req.param("playerId"));
      return done(c, "removed");
    })
    .post(`${base}/import`, formBody, admin, async (c) => {
      const { fields, file } = await readRosterForm(c);
      const text = file ? await file.text() : fields.csv ?? "";
      const panel: RosterPanel = { kind: "import" };
      try {
        const result = await importRosterCsv(await changeBy(c), text, { dryRun: fields.action !== "import" });
        if (result.kind === "imported") return done(c, "imported", `&count=${result.imported}`);
        const invalid = result.kind === "invalid";
        const errors: Record<string, string> = invalid ? { _: IMPORT_MESSAGES.invalid(result.preview.invalid) } : {};
        return sendRoster(c, prefix, { panel, importText: text, preview: result.preview, errors }, invalid ? 400 : 200);
      } catch (error) {
        const { errors, status } = formErrors(error);
        return sendRoster(c, prefix, { panel, importText: text, errors }, status);
      }
    });
}
