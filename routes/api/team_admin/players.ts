/** The team admin's roster: list, add, change, remove, CSV import and export. */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { actorOf, requireTeamRole } from "../../auth_middleware.ts";
import {
  addPlayer,
  exportRosterCsv,
  IMPORT_MESSAGES,
  importRosterCsv,
  jerseyWarning,
  listAdminPlayers,
  parseNewPlayer,
  parsePlayerPatch,
  removePlayer,
  type RosterChange,
  translatePreview,
  updatePlayer,
} from "../../../lib/roster/mod.ts";
import { UnsupportedMediaTypeError } from "../../errors.ts";
import { csvBody, jsonBody, readJson, readText } from "../../http.ts";
import { NO_STORE } from "../../security_headers.ts";
import { requestLanguage } from "../../language.ts";
import { translateMessage } from "../../../lib/i18n/translate.ts";

type Ctx = Context<AppEnv>;

const CSV_TYPE = /^\s*text\/csv\s*(;|$)/i;

const admin = requireTeamRole("TEAM_ADMIN");

async function changeBy(c: Ctx): Promise<RosterChange> {
  return { kv: c.var.deps.kv, teamId: c.var.teamId!, actor: await actorOf(c), now: c.var.deps.now() };
}

/** `GET …/players`: the roster with parents' e-mails (never cached), under both of the spec's prefixes. */
export const playerListApi = new Hono<AppEnv>()
  .get("/players", admin, async (c) => {
    const players = await listAdminPlayers(c.var.deps.kv, c.var.teamId!, c.var.deps.now());
    return c.json({ players }, 200, NO_STORE);
  });

/** `/api/admin/{teamId}/players…`: add, change, remove; `…/import` (CSV, `?dryRun=true` previews) and `…/export`. */
export const playersApi = new Hono<AppEnv>()
  .post("/players", jsonBody, admin, async (c) => {
    const input = parseNewPlayer(await readJson(c));
    const player = await addPlayer(await changeBy(c), input);
    return c.json({ player, warning: jerseyWarning(player) }, 201, NO_STORE);
  })
  .patch("/players/:playerId", jsonBody, admin, async (c) => {
    const patch = parsePlayerPatch(await readJson(c), c.var.deps.now());
    const player = await updatePlayer(await changeBy(c), c.req.param("playerId"), patch);
    return c.json({ player, warning: jerseyWarning(player) }, 200, NO_STORE);
  })
  .delete("/players/:playerId", jsonBody, admin, async (c) => {
    await removePlayer(await changeBy(c), c.req.param("playerId"));
    return c.json({ success: true }, 200, NO_STORE);
  })
  .post("/players/import", csvBody, admin, async (c) => {
    if (!CSV_TYPE.test(c.req.header("content-type") ?? "")) throw new UnsupportedMediaTypeError(IMPORT_MESSAGES.notCsv);
    const dryRun = c.req.query("dryRun") === "true";
    const result = await importRosterCsv(await changeBy(c), await readText(c), { dryRun });
    if (result.kind === "imported") return c.json({ imported: result.imported }, 201, NO_STORE);
    // In the request's language here, not on the way out: a large preview is past what that translates.
    const lang = await requestLanguage(c);
    const preview = translatePreview(result.preview, lang);
    if (result.kind === "preview") return c.json(preview, 200, NO_STORE);
    const message = translateMessage(IMPORT_MESSAGES.invalid(preview.invalid), lang);
    return c.json({ message, ...preview }, 400, NO_STORE);
  })
  .get("/players/export", admin, async (c) => {
    const { filename, csv } = await exportRosterCsv(c.var.deps.kv, c.var.teamId!);
    return c.body(csv, 200, {
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
    });
  });
