import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { LINK_PAGE, sendPage } from "../security_headers.ts";
import type { Team } from "../../lib/db/teams.ts";
import { type JoinAccess, teamForJoinKey, teamOfDeadJoinCode } from "../../lib/join/mod.ts";
import { checkIdentity, checkJoinRequest, JOIN_MESSAGES, type PlayerIdentity } from "../../lib/join/mod.ts";
import { findPlayer, shortName, submitJoinRequest, verifyPlayer } from "../../lib/join/mod.ts";
import { askForNewJoinLink, LINK_ASK_MESSAGES } from "../../lib/join/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { refusalOf } from "../errors.ts";
import { clientIp, formBody, readForm } from "../http.ts";
import { pageLanguage } from "../language.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { format } from "../../lib/i18n/format.ts";
import { translateFields, translateMessage } from "../../lib/i18n/translate.ts";
import type { Language } from "../../lib/i18n/languages.ts";
import { JoinPage, TeamNotFoundPage } from "../../components/join/JoinPage.tsx";
import { ExpiredLinkPage, type ExpiredLinkPageProps } from "../../components/join/ExpiredLinkPage.tsx";
import { claimHref } from "../../components/roster/links.ts";
import {
  identityBody,
  identityErrors,
  type IdentityValues,
  initialJoinFlow,
  type JoinFlowProps,
  joinRequestBody,
  readAccount,
  readIdentity,
  typedPlayer,
} from "../../components/join/join_flow.ts";

// Invite codes are secrets and the posts carry personal data: every page here is a LINK_PAGE
// (never cached, no Referer). Each is in the request's language: lib/ refuses in English, and
// its messages are put in that language here (translateMessage, translateFields).

/** The page's team, by invite code (an open is counted on GET) or by slug; with how it was named. */
interface JoinTarget {
  team: Team;
  access: JoinAccess;
}

async function sendNotFound(c: Context<AppEnv>) {
  const language = await pageLanguage(c);
  const page = renderPage(c.var.deps.assets, <TeamNotFoundPage />, {
    title: messagesFor(language.lang).join.teamNotFound,
    status: 404,
    ...language,
  });
  return sendPage(c, page, LINK_PAGE);
}

/**
 * An invite code that expired or was replaced (410): the team, its roster's claim and a way to
 * ask the admin for a new link. A code that never existed gets 'Team Not Found' and names no team.
 */
async function sendExpired(
  c: Context<AppEnv>,
  team: Team,
  form: Partial<Pick<ExpiredLinkPageProps, "values" | "errors" | "notice">> = {},
  status = 410,
  extra: [string, string][] = [],
) {
  const props: ExpiredLinkPageProps = {
    team,
    claimUrl: team.settings.openClaims ? claimHref(team.slug) : null,
    action: `/join/${encodeURIComponent(c.req.param("key") ?? "")}`,
    values: { name: "", email: "" },
    errors: {},
    notice: null,
    ...form,
  };
  const language = await pageLanguage(c);
  const page = renderPage(c.var.deps.assets, <ExpiredLinkPage {...props} />, {
    title: `${messagesFor(language.lang).join.rules.linkExpired} · ${team.name}`,
    status,
    noindex: true,
    ...language,
  });
  return sendPage(c, page, [...LINK_PAGE, ...extra]);
}

/** Without JavaScript or with it (a plain form): 'Ask for a New Link' on the expired page. */
async function askForLink(c: Context<AppEnv>, team: Team, form: Record<string, unknown>) {
  const { kv, config, now } = c.var.deps;
  const field = (name: string) => typeof form[name] === "string" ? (form[name] as string).slice(0, 300) : "";
  const values = { name: field("name"), email: field("email") };
  const { lang } = await pageLanguage(c);
  try {
    const ask = await askForNewJoinLink(kv, team, values, clientIp(c), config.appUrl, now());
    const sent = translateMessage(LINK_ASK_MESSAGES.sent(ask.email), lang);
    return await sendExpired(c, team, { values, notice: { ok: true, message: sent } }, 200);
  } catch (error) {
    const refused = refusalOf(error);
    const message = translateMessage(refused.message, lang);
    const notice = refused.error instanceof ValidationError ? null : { ok: false, message };
    const errors = translateFields(refused.fields, lang);
    return await sendExpired(c, team, { values, errors, notice }, refused.status, refused.headers);
  }
}

async function sendJoin(
  c: Context<AppEnv>,
  { team, access }: JoinTarget,
  flow: Partial<JoinFlowProps>,
  status = 200,
  extra: [string, string][] = [],
) {
  const key = c.req.param("key") ?? "";
  // The island's calls name the team as the page was opened: by its code (the player lookup
  // answers) or by its slug (a team admin checks the player).
  const teamKey = access === "code" ? key : team.slug;
  const language = await pageLanguage(c);
  const props = initialJoinFlow(teamKey, `/join/${encodeURIComponent(key)}`, {
    allowSurname: team.settings.allowSurnameFallback,
    ...inLanguage(flow, language.lang),
  });
  const page = renderPage(c.var.deps.assets, <JoinPage team={team} flow={props} />, {
    title: format(language.lang, messagesFor(language.lang).join.pageTitle, { team: team.name }),
    status,
    noindex: true,
    ...language,
  });
  return sendPage(c, page, [...LINK_PAGE, ...extra]);
}

/** The flow's messages, which lib/ and the checks write in English, in the page's language. */
function inLanguage(flow: Partial<JoinFlowProps>, lang: Language): Partial<JoinFlowProps> {
  const { errors, notice, submittedMessage } = flow;
  return {
    ...flow,
    ...(errors && { errors: translateFields(errors, lang) }),
    ...(notice && {
      notice: { title: translateMessage(notice.title, lang), message: translateMessage(notice.message, lang) },
    }),
    ...(submittedMessage && { submittedMessage: translateMessage(submittedMessage, lang) }),
  };
}

/** The notices' titles, in English as the messages are (`inLanguage` puts them in the page's). */
const TITLES = messagesFor("en").join;

const playerNotFound = { title: TITLES.playerNotFound, message: JOIN_MESSAGES.playerNotFound };

/** How the account step names a player it did not confirm, in the request's language. */
const typedIn = async (c: Context<AppEnv>, identity: IdentityValues) =>
  typedPlayer(identity, messagesFor((await pageLanguage(c)).lang).join.jerseyUnknown);

/** Without JavaScript: 'Verify Player Information'. */
async function identify(c: Context<AppEnv>, target: JoinTarget, form: Record<string, unknown>) {
  const identity = readIdentity(form, "lastName");
  const checked = checkIdentity(identityBody(identity));
  if (!checked.ok) return sendJoin(c, target, { identity, errors: identityErrors(checked.fields) }, 400);
  let result;
  try {
    result = await verifyPlayer(
      c.var.deps.kv,
      target.team,
      checked.value,
      clientIp(c),
      target.access,
      c.var.deps.now(),
    );
  } catch (error) {
    // A refusal from lib/ (throttling, a domain rule) as a notice on the posted step.
    const { status, message, headers } = refusalOf(error);
    return sendJoin(c, target, { identity, notice: { title: TITLES.verificationError, message } }, status, headers);
  }
  if (result.found === null) {
    return sendJoin(c, target, { step: "account", identity, playerName: await typedIn(c, identity) });
  }
  if (!result.found) return sendJoin(c, target, { identity, notice: playerNotFound }, 404);
  return sendJoin(c, target, {
    step: "account",
    identity,
    playerName: shortName(result.player),
    playerConfirmed: true,
  });
}

/** Without JavaScript: 'Submit Join Request' (the identify step's values ride along hidden). */
async function submit(c: Context<AppEnv>, target: JoinTarget, form: Record<string, unknown>) {
  const { kv, config, now } = c.var.deps;
  const identity = readIdentity(form, "playerLastName");
  const account = readAccount(form);
  const who = checkIdentity(identityBody(identity));
  if (!who.ok) return sendJoin(c, target, { identity, errors: identityErrors(who.fields) }, 400);
  // By code and jersey the player was confirmed on the first step (and is again here); by slug,
  // or by surname alone, nothing is said.
  const confirm = target.access === "code" && who.value.mode === "jersey";
  const player = confirm ? await findPlayer(kv, target.team.id, who.value as PlayerIdentity) : null;
  if (confirm && !player) return sendJoin(c, target, { identity, notice: playerNotFound }, 404);
  const onAccount = {
    step: "account" as const,
    identity,
    account,
    playerName: player ? shortName(player) : await typedIn(c, identity),
    playerConfirmed: player !== null,
  };
  const checked = checkJoinRequest(joinRequestBody(identity, account));
  if (!checked.ok) return sendJoin(c, target, { ...onAccount, errors: checked.fields }, 400);
  try {
    const { lang } = await pageLanguage(c);
    await submitJoinRequest(kv, target.team, checked.value, clientIp(c), target.access, config.appUrl, now(), lang);
  } catch (error) {
    const { status, message, headers } = refusalOf(error);
    return sendJoin(c, target, { ...onAccount, notice: { title: TITLES.requestFailed, message } }, status, headers);
  }
  return sendJoin(c, target, { step: "success", submittedMessage: JOIN_MESSAGES.submitted(checked.value.email) });
}

/** `/join/{key}`: the join page by invite code or slug, and its steps' posts when JavaScript is off. */
export const joinPages = new Hono<AppEnv>()
  .get("/:key", async (c) => {
    const { kv, now } = c.var.deps;
    const key = c.req.param("key") ?? "";
    const target = await teamForJoinKey(kv, key, now());
    if (target) return sendJoin(c, target, {});
    const expired = await teamOfDeadJoinCode(kv, key, now());
    return expired ? sendExpired(c, expired) : sendNotFound(c);
  })
  .post("/:key", formBody, async (c) => {
    const { kv, now } = c.var.deps;
    const key = c.req.param("key") ?? "";
    const target = await teamForJoinKey(kv, key, now());
    if (!target) {
      const expired = await teamOfDeadJoinCode(kv, key, now());
      if (!expired) return sendNotFound(c);
      const form = await readForm(c);
      // A step posted from a page opened before the link went: the expired page, as a GET shows it.
      return form.step === "ask-link" ? await askForLink(c, expired, form) : sendExpired(c, expired);
    }
    const form = await readForm(c);
    const step = form.step;
    const action = form.action;
    if (step === "identify") return await identify(c, target, form);
    if (step === "account" && action === "back") {
      return sendJoin(c, target, { identity: readIdentity(form, "playerLastName") });
    }
    if (step === "account") return await submit(c, target, form);
    // 'Submit Another Request' (and anything unknown): a fresh first step.
    return sendJoin(c, target, {});
  });
