/**
 * The edit link's calls (DECISIONS.md: opening `/edit` spends nothing; this call does): open the
 * link, then save the player or add a co-parent's e-mail, as the link's edit session, one of the
 * player's parents or a team admin.
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { getEditCookie, getSessionUser, getSysadmin, setEditCookie } from "../auth_middleware.ts";
import {
  checkPlayerEdit,
  EDIT_MESSAGES,
  editableTeamFor,
  openEditLink,
  PLAYER_NOT_FOUND,
  readEditSession,
  savePlayerEdit,
} from "../../lib/roster/mod.ts";
import { addParentEmail, parseParentEmail, playerEmails } from "../../lib/accounts/mod.ts";
import { NotFoundError, UnauthorizedError, ValidationError } from "../../lib/errors.ts";
import { jsonBody, readJson, readJsonFields } from "../http.ts";
import { NO_STORE } from "../security_headers.ts";

/** The answers carry the link's player and their parents' addresses: never cached, never a Referer. */
const LINK_ANSWER = { ...NO_STORE, "Referrer-Policy": "no-referrer" };

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

/** `GET /api/edit?token=…`: opens the link (once), starting the one-player edit session. */
export const editLinkApi = new Hono<AppEnv>()
  .get("/", async (c) => {
    const { kv, now } = c.var.deps;
    const token = c.req.query("token");
    if (!token) throw new ValidationError(EDIT_MESSAGES.noToken);
    if (onlyLooks(c)) {
      // Tells whether the link would open; spends nothing, starts no session.
      const usable = await openEditLink(kv, token, getEditCookie(c), now(), { lookOnly: true });
      if (!usable) return c.json({ message: EDIT_MESSAGES.invalid }, 410, LINK_ANSWER);
      return c.json({ message: EDIT_MESSAGES.lookOnly }, 200, LINK_ANSWER);
    }
    const opened = await openEditLink(kv, token, getEditCookie(c), now());
    if (!opened) return c.json({ message: EDIT_MESSAGES.invalid }, 410, LINK_ANSWER);
    if (opened.started) setEditCookie(c, opened.started.cookieValue, opened.started.maxAgeSeconds);
    const { player } = opened;
    return c.json({ player, playerEmails: await playerEmails(kv, player.teamId, player.id) }, 200, LINK_ANSWER);
  });

/** `/api/players/{playerId}`: save the player; `…/emails`: add a co-parent's e-mail. */
export const playerEditApi = new Hono<AppEnv>()
  .patch("/:playerId", jsonBody, async (c) => {
    const { kv, config, now } = c.var.deps;
    const playerId = c.req.param("playerId");
    const editor = await editorOf(c, playerId);
    const checked = checkPlayerEdit(await readJson(c), config.appOrigin);
    if (!checked.ok) throw new ValidationError(checked.message, checked.fields);
    const player = await savePlayerEdit(kv, editor.teamId, playerId, checked.value, editor.actor, now());
    return c.json({ success: true, message: EDIT_MESSAGES.updated, player }, 200, LINK_ANSWER);
  })
  .post("/:playerId/emails", jsonBody, async (c) => {
    const { kv, now } = c.var.deps;
    const playerId = c.req.param("playerId");
    const editor = await editorOf(c, playerId);
    const email = parseParentEmail((await readJsonFields(c)).email);
    const emails = await addParentEmail(kv, editor.teamId, playerId, email, editor.actor, now());
    return c.json({ success: true, message: EDIT_MESSAGES.emailAdded, playerEmails: emails }, 200, LINK_ANSWER);
  });
