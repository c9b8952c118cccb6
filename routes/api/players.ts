import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { getEditCookie, getSessionUser, getSysadmin, setEditCookie } from "../auth_middleware.ts";
import { EDIT_MESSAGES, openEditLink, readEditSession } from "../../lib/roster/mod.ts";
import { addParentEmail, parseParentEmail, playerEmails } from "../../lib/accounts/mod.ts";
import { editableTeamFor, PLAYER_NOT_FOUND, savePlayerEdit } from "../../lib/roster/mod.ts";
import { checkPlayerEdit } from "../../lib/roster/mod.ts";
import { NotFoundError, UnauthorizedError, ValidationError } from "../../lib/errors.ts";
import { readJson, readJsonFields } from "../http.ts";
import type { Context } from "hono";

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

/** Who may edit `playerId`, and in which team: the link's edit session, a parent, or an admin. */
async function editorOf(c: Context<AppEnv>, playerId: string): Promise<{ teamId: string; actor: string }> {
  const { kv, now } = c.var.deps;
  const edit = await readEditSession(kv, getEditCookie(c), now());
  if (edit && edit.data.playerId === playerId) return { teamId: edit.data.teamId, actor: edit.data.email };
  const user = await getSessionUser(c);
  if (!user && !edit && !(await getSysadmin(c))) throw new UnauthorizedError();
  const teamId = user ? await editableTeamFor(kv, user, playerId) : null;
  if (!teamId) throw new NotFoundError(PLAYER_NOT_FOUND);
  return { teamId, actor: user!.kind === "team" ? `team:${user!.email}` : user!.email };
}

/**
 * A request that only looks: a HEAD (Hono answers it with the GET handler, so a link checker
 * would otherwise spend the link) or a browser's prefetch.
 */
function onlyLooks(c: Context<AppEnv>): boolean {
  const purpose = `${c.req.header("sec-purpose") ?? ""},${c.req.header("purpose") ?? ""}`.toLowerCase();
  return c.req.method === "HEAD" || /\bprefetch\b/.test(purpose);
}

/** The edit link's calls: open it, save the player, add a co-parent's e-mail. */
export const playerApiRoutes = new Hono<AppEnv>()
  .get("/api/edit", async (c) => {
    const { kv, now } = c.var.deps;
    const token = c.req.query("token");
    if (!token) throw new ValidationError(EDIT_MESSAGES.noToken);
    if (onlyLooks(c)) {
      // Tells whether the link would open; spends nothing, starts no session.
      const usable = await openEditLink(kv, token, getEditCookie(c), now(), { lookOnly: true });
      if (!usable) return c.json({ message: EDIT_MESSAGES.invalid }, 410, NO_STORE);
      return c.json({ message: EDIT_MESSAGES.lookOnly }, 200, NO_STORE);
    }
    const opened = await openEditLink(kv, token, getEditCookie(c), now());
    if (!opened) return c.json({ message: EDIT_MESSAGES.invalid }, 410, NO_STORE);
    if (opened.started) setEditCookie(c, opened.started.cookieValue, opened.started.maxAgeSeconds);
    const { player } = opened;
    return c.json({ player, playerEmails: await playerEmails(kv, player.teamId, player.id) }, 200, NO_STORE);
  })
  .patch("/api/players/:playerId", async (c) => {
    const { kv, config, now } = c.var.deps;
    const playerId = c.req.param("playerId");
    const editor = await editorOf(c, playerId);
    const checked = checkPlayerEdit(await readJson(c), config.appOrigin);
    if (!checked.ok) throw new ValidationError(checked.message, checked.fields);
    const player = await savePlayerEdit(kv, editor.teamId, playerId, checked.value, editor.actor, now());
    return c.json({ success: true, message: EDIT_MESSAGES.updated, player }, 200, NO_STORE);
  })
  .post("/api/players/:playerId/emails", async (c) => {
    const { kv, now } = c.var.deps;
    const playerId = c.req.param("playerId");
    const editor = await editorOf(c, playerId);
    const email = parseParentEmail((await readJsonFields(c)).email);
    const emails = await addParentEmail(kv, editor.teamId, playerId, email, editor.actor, now());
    return c.json({ success: true, message: EDIT_MESSAGES.emailAdded, playerEmails: emails }, 200, NO_STORE);
  });
