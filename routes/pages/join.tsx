import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { sendPage } from "../security_headers.ts";
import { getTeamBySlug, type Team } from "../../lib/db/teams.ts";
import { JOIN_CODE_PATTERN, openJoinCode, peekJoinCode } from "../../lib/join/mod.ts";
import { checkIdentity, checkJoinRequest, JOIN_MESSAGES, type PlayerIdentity } from "../../lib/join/mod.ts";
import { findPlayer, shortName, submitJoinRequest, verifyPlayer } from "../../lib/join/mod.ts";
import { AppError } from "../../lib/errors.ts";
import { httpStatusOf, retryAfterHeader } from "../errors.ts";
import { clientIp } from "../http.ts";
import { JoinPage, TeamNotFoundPage } from "../../components/join/JoinPage.tsx";
import {
  initialJoinFlow,
  JOIN_TEXTS,
  type JoinFlowProps,
  joinRequestBody,
  readAccount,
  readIdentity,
} from "../../components/join/join_flow.ts";

/** Invite codes are secrets and the posts carry personal data: never cached, no Referer. */
const PRIVATE: [string, string][] = [["cache-control", "no-store"], ["referrer-policy", "no-referrer"]];
const SLUG = /^[a-z0-9-]{1,64}$/;

/** SPEC.md: 16 characters of A–Z0–9 is an invite code; anything else is a slug. */
async function findTeam(c: Context<AppEnv>, key: string, countOpen: boolean): Promise<Team | null> {
  const { kv, now } = c.var.deps;
  if (JOIN_CODE_PATTERN.test(key)) {
    return countOpen ? await openJoinCode(kv, key, now()) : await peekJoinCode(kv, key, now());
  }
  const slug = key.toLowerCase();
  return SLUG.test(slug) ? await getTeamBySlug(kv, slug) : null;
}

function sendNotFound(c: Context<AppEnv>) {
  const page = renderPage(c.var.deps.assets, <TeamNotFoundPage />, { title: JOIN_TEXTS.teamNotFound, status: 404 });
  return sendPage(c, page, PRIVATE);
}

function sendJoin(
  c: Context<AppEnv>,
  team: Team,
  flow: Partial<JoinFlowProps>,
  status = 200,
  extra: [string, string][] = [],
) {
  const props = initialJoinFlow(team.id, `/join/${encodeURIComponent(c.req.param("key") ?? "")}`, flow);
  const page = renderPage(c.var.deps.assets, <JoinPage team={team} flow={props} />, {
    title: `Join ${team.name}`,
    status,
    noindex: true,
  });
  return sendPage(c, page, [...PRIVATE, ...extra]);
}

/** A refusal from lib/ (throttling, a domain rule, a duplicate) as a notice on the posted step. */
function refusal(error: unknown, title: string) {
  if (!(error instanceof AppError)) throw error;
  const headers = retryAfterHeader(error);
  return { status: httpStatusOf(error), notice: { title, message: error.message }, headers };
}

const playerNotFound = { title: JOIN_TEXTS.playerNotFound, message: JOIN_MESSAGES.playerNotFound };

/** Without JavaScript: 'Verify Player Information'. */
async function identify(c: Context<AppEnv>, team: Team, form: Record<string, unknown>) {
  const identity = readIdentity(form, "lastName");
  const checked = checkIdentity({ ...identity });
  if (!checked.ok) return sendJoin(c, team, { identity, errors: checked.fields }, 400);
  let found;
  try {
    found = await verifyPlayer(c.var.deps.kv, team, checked.value, clientIp(c), c.var.deps.now());
  } catch (error) {
    const { status, notice, headers } = refusal(error, JOIN_TEXTS.verificationError);
    return sendJoin(c, team, { identity, notice }, status, headers);
  }
  if (!found) return sendJoin(c, team, { identity, notice: playerNotFound }, 404);
  return sendJoin(c, team, { step: "account", identity, playerName: shortName(found) });
}

/** Without JavaScript: 'Submit Join Request' (the identify step's values ride along hidden). */
async function submit(c: Context<AppEnv>, team: Team, form: Record<string, unknown>) {
  const { kv, now } = c.var.deps;
  const identity = readIdentity(form, "playerLastName");
  const account = readAccount(form);
  const who = checkIdentity({ ...identity });
  const player = who.ok ? await findPlayer(kv, team.id, who.value as PlayerIdentity) : null;
  if (!who.ok) return sendJoin(c, team, { identity, errors: who.fields }, 400);
  if (!player) return sendJoin(c, team, { identity, notice: playerNotFound }, 404);
  const onAccount = { step: "account" as const, identity, account, playerName: shortName(player) };
  const checked = checkJoinRequest(joinRequestBody(identity, account));
  if (!checked.ok) return sendJoin(c, team, { ...onAccount, errors: checked.fields }, 400);
  try {
    await submitJoinRequest(kv, team, checked.value, clientIp(c), now());
  } catch (error) {
    const { status, notice, headers } = refusal(error, JOIN_TEXTS.requestFailed);
    return sendJoin(c, team, { ...onAccount, notice }, status, headers);
  }
  return sendJoin(c, team, { step: "success", submittedMessage: JOIN_MESSAGES.submitted });
}

/** The join page by invite code or slug, and its steps' posts when JavaScript is off. */
export const joinPageRoutes = new Hono<AppEnv>()
  .get("/join/:key", async (c) => {
    const team = await findTeam(c, c.req.param("key"), true);
    return team ? sendJoin(c, team, {}) : sendNotFound(c);
  })
  .post("/join/:key", async (c) => {
    const team = await findTeam(c, c.req.param("key"), false);
    if (!team) return sendNotFound(c);
    const form = await c.req.parseBody();
    const step = form.step;
    const action = form.action;
    if (step === "identify") return await identify(c, team, form);
    if (step === "account" && action === "back") {
      return sendJoin(c, team, { identity: readIdentity(form, "playerLastName") });
    }
    if (step === "account") return await submit(c, team, form);
    // 'Submit Another Request' (and anything unknown): a fresh first step.
    return sendJoin(c, team, {});
  });
