/** The join page's calls: a team by its invite code, and the player check and join request by code or slug. */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import {
  checkIdentity,
  checkJoinRequest,
  IDENTITY_FIELDS,
  JOIN_MESSAGES,
  JOIN_REQUEST_FIELDS,
  peekJoinCode,
  shortName,
  submitJoinRequest,
  teamForJoinKey,
  teamOfDeadJoinCode,
  verifyPlayer,
} from "../../lib/join/mod.ts";
import { publicTeam } from "../../lib/db/teams.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import { clientIp, jsonBody, readJsonFields } from "../http.ts";
import { requestLanguage } from "../language.ts";
import { NO_STORE } from "../security_headers.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";

/** In English, as every message lib/ writes; the answer is put in the request's language (routes/language.ts). */
const TEAM_NOT_FOUND = messagesFor("en").join.teamNotFoundApi;

/**
 * `{teamKey}`: the invite code (the player lookup answers) or the slug or id (it answers alike).
 * A code that expired or was replaced while the page was open says so; an unknown one names nothing.
 */
async function teamOf(c: Context<AppEnv>) {
  const { kv, now } = c.var.deps;
  const key = c.req.param("teamKey") ?? "";
  const found = await teamForJoinKey(kv, key, now());
  if (found) return found;
  throw new NotFoundError(await teamOfDeadJoinCode(kv, key, now()) ? JOIN_MESSAGES.linkExpired : TEAM_NOT_FOUND);
}

/** `/api/teams/by-join-code/{code}`: the team an invite code names (an open is not counted). */
export const teamByJoinCodeApi = new Hono<AppEnv>()
  .get("/:code", async (c) => {
    const team = await peekJoinCode(c.var.deps.kv, c.req.param("code"), c.var.deps.now());
    if (!team) throw new NotFoundError(TEAM_NOT_FOUND);
    return c.json(publicTeam(team), 200, NO_STORE);
  });

/** `/api/teams/{teamKey}/verify-player` and `/join-requests`. */
export const joinRequestApi = new Hono<AppEnv>()
  .post("/verify-player", jsonBody, async (c) => {
    const checked = checkIdentity(await readJsonFields(c, IDENTITY_FIELDS));
    if (!checked.ok) throw new ValidationError(checked.message, checked.fields);
    const { team, access } = await teamOf(c);
    const result = await verifyPlayer(c.var.deps.kv, team, checked.value, clientIp(c), access, c.var.deps.now());
    const body = result.found === null
      ? { found: null, playerName: null, message: JOIN_MESSAGES.adminWillCheck }
      : result.found
      ? { found: true, playerName: shortName(result.player) }
      : { found: false, message: JOIN_MESSAGES.playerNotFound };
    return c.json(body, 200, NO_STORE);
  })
  .post("/join-requests", jsonBody, async (c) => {
    const checked = checkJoinRequest(await readJsonFields(c, JOIN_REQUEST_FIELDS));
    if (!checked.ok) throw new ValidationError(checked.message, checked.fields);
    const { team, access } = await teamOf(c);
    const { kv, config, now } = c.var.deps;
    const lang = await requestLanguage(c);
    const request = await submitJoinRequest(kv, team, checked.value, clientIp(c), access, config.appUrl, now(), lang);
    const message = JOIN_MESSAGES.submitted(request.email);
    return c.json({ success: true, message, requestId: request.id }, 201, NO_STORE);
  });
