/** Renders the admin area's pages for both URL prefixes; the route files only pick which. */
import type { Context } from "hono";
import type { ReactNode } from "react";
import type { AppEnv } from "../../app_env.ts";
import { actorOf, getSessionUser } from "../../auth_middleware.ts";
import { renderPage } from "../../../lib/render/page.tsx";
import { PRIVATE_PAGE, sendPage } from "../../security_headers.ts";
import { cursorQuery, noticeCode } from "../../http.ts";
import { pageLanguage, requestLanguage } from "../../language.ts";
import type { Refusal } from "../../errors.ts";
import { DECISION_MESSAGES } from "../../../lib/claims/mod.ts";
import { CHILD_PRIVACY_TEXTS } from "../../../lib/families/mod.ts";
import { ACCESS_MESSAGES, MEMBERSHIP_MESSAGES } from "../../../lib/teams/mod.ts";
import { loadAccess, loadClaims, loadDashboard } from "../../../lib/teams/mod.ts";
import { describeTimeLeft, type JoinLinkView } from "../../../lib/join/mod.ts";
import { calendarViewIn } from "../../../lib/calendar/mod.ts";
import { messagesFor } from "../../../lib/i18n/catalog.ts";
import { format } from "../../../lib/i18n/format.ts";
import type { Language } from "../../../lib/i18n/languages.ts";
import { translateMessage } from "../../../lib/i18n/translate.ts";
import { adminPaths, type AdminPrefix } from "../../../components/admin/paths.ts";
import { CALENDAR_NOTICES, DashboardPage } from "../../../components/admin/DashboardPage.tsx";
import { ClaimsPage, type Notice } from "../../../components/admin/ClaimsPage.tsx";
import { type AccessFormState, AccessPage, EMPTY_ACCESS_FORMS } from "../../../components/admin/AccessPage.tsx";

type Ctx = Context<AppEnv>;
const ADMIN_TEXTS = messagesFor("en").admin;

/** The admin area's links for this request (a team's shared login sees no Access link). */
export async function adminPathsFor(c: Ctx, prefix: AdminPrefix) {
  const user = await getSessionUser(c);
  return adminPaths(c.var.teamId!, prefix, { sharedLogin: user?.kind === "team" });
}

/** Admin pages show one team's private data: never cached, never indexed. In the request's language. */
export async function sendAdminPage(
  c: Ctx,
  element: ReactNode,
  title: string,
  status = 200,
  headers: readonly [string, string][] = [],
) {
  const page = renderPage(c.var.deps.assets, element, { title, status, noindex: true, ...await pageLanguage(c) });
  return sendPage(c, page, [...PRIVATE_PAGE, ...headers]);
}

/**
 * The notices a post/redirect/get can lead to, by the short code in the query string: the
 * URL never carries text that the page would show. Their texts are lib's English messages (a
 * refusal is matched to its code by them: noticeCodeOf); the page shows them in its language.
 */
export const CLAIM_NOTICES: Record<string, Notice> = {
  approved: { kind: "success", text: DECISION_MESSAGES.approved },
  denied: { kind: "success", text: DECISION_MESSAGES.denied },
  decided: { kind: "error", text: DECISION_MESSAGES.alreadyDecided },
  choose: { kind: "error", text: DECISION_MESSAGES.choosePlayer },
  gone: { kind: "error", text: DECISION_MESSAGES.playerGone },
  missing: { kind: "error", text: DECISION_MESSAGES.notFound },
  // A parent's request to remove their child (components/admin/RemovalRequests.tsx).
  "removal-approved": { kind: "success", text: CHILD_PRIVACY_TEXTS.approved },
  "removal-denied": { kind: "success", text: CHILD_PRIVACY_TEXTS.denied },
  "removal-reason": { kind: "error", text: CHILD_PRIVACY_TEXTS.denyReasonRequired },
  "removal-reason-long": { kind: "error", text: CHILD_PRIVACY_TEXTS.denyReasonTooLong },
  "removal-missing": { kind: "error", text: CHILD_PRIVACY_TEXTS.requestNotFound },
};

export const ACCESS_NOTICES: Record<string, Notice> = {
  saved: { kind: "success", text: ACCESS_MESSAGES.saved },
  invited: { kind: "success", text: ADMIN_TEXTS.accessNotices.invited },
  removed: { kind: "success", text: ACCESS_MESSAGES.removed },
  regenerated: { kind: "success", text: ADMIN_TEXTS.accessNotices.regenerated },
  lastAdmin: { kind: "error", text: ACCESS_MESSAGES.lastAdmin },
  notAdmin: { kind: "error", text: ACCESS_MESSAGES.notAdmin },
  memberRemoved: { kind: "success", text: MEMBERSHIP_MESSAGES.memberRemoved },
  memberNotFound: { kind: "error", text: MEMBERSHIP_MESSAGES.memberNotFound },
  removeSelf: { kind: "error", text: MEMBERSHIP_MESSAGES.removeSelf },
  removeAdmin: { kind: "error", text: MEMBERSHIP_MESSAGES.removeAdmin },
  tryAgain: { kind: "error", text: MEMBERSHIP_MESSAGES.tryAgain },
};

/** The notice code for a refusal whose message is one of `notices` (else `fallback`). */
export function noticeCodeOf(refused: Refusal, notices: Record<string, Notice>, fallback: string): string {
  return Object.entries(notices).find(([, notice]) => notice?.text === refused.message)?.[0] ?? fallback;
}

/** Own keys only: `?done=constructor` names nothing. In the page's language. */
const noticeFrom = (c: Ctx, table: Record<string, Notice>, lang: Language): Notice => {
  const code = noticeCode(c, table);
  const notice = code === undefined ? null : table[code];
  return notice && { ...notice, text: translateMessage(notice.text, lang) };
};

/** The invite link's time left in the page's language (lib/join writes the API's English). */
const linkIn = (link: JoinLinkView, now: Date, lang: Language): JoinLinkView =>
  lang === "en" ? link : { ...link, timeToExpiry: describeTimeLeft(Date.parse(link.expiresAt) - now.getTime(), lang) };

const titleOf = (lang: Language, key: "dashboard" | "claims" | "access", team: string) =>
  format(lang, messagesFor(lang).admin.titles[key], { team });

const linkContext = async (c: Ctx) => ({
  actor: await actorOf(c),
  appUrl: c.var.deps.config.appUrl,
  now: c.var.deps.now(),
});

/** Call after `requireTeamRole` (or an equivalent check): `c.var.teamId` is the team. */
export async function renderDashboard(c: Ctx, prefix: AdminPrefix) {
  const teamId = c.var.teamId!;
  const lang = await requestLanguage(c);
  const context = await linkContext(c);
  const loaded = await loadDashboard(c.var.deps.kv, teamId, context);
  const calendar = loaded.calendar && calendarViewIn(loaded.calendar, lang);
  const data = { ...loaded, link: linkIn(loaded.link, context.now, lang), calendar };
  const paths = await adminPathsFor(c, prefix);
  return sendAdminPage(
    c,
    <DashboardPage
      data={data}
      paths={paths}
      appUrl={c.var.deps.config.appUrl}
      notice={noticeFrom(c, { ...CLAIM_NOTICES, ...CALENDAR_NOTICES }, lang)}
      now={c.var.deps.now()}
    />,
    titleOf(lang, "dashboard", data.team.name),
  );
}

export async function renderClaims(c: Ctx, prefix: AdminPrefix) {
  const teamId = c.var.teamId!;
  const cursors = { pending: cursorQuery(c, "pending"), processed: cursorQuery(c, "processed") };
  const data = await loadClaims(c.var.deps.kv, teamId, cursors);
  const lang = await requestLanguage(c);
  const notice = noticeFrom(c, CLAIM_NOTICES, lang);
  const page = <ClaimsPage data={data} paths={await adminPathsFor(c, prefix)} notice={notice} />;
  return sendAdminPage(c, page, titleOf(lang, "claims", data.team.name));
}

export async function renderAccess(c: Ctx, form: AccessFormState = EMPTY_ACCESS_FORMS, status = 200) {
  const teamId = c.var.teamId!;
  const user = await getSessionUser(c);
  const membersCursor = cursorQuery(c, "members");
  const lang = await requestLanguage(c);
  const context = await linkContext(c);
  const loaded = await loadAccess(c.var.deps.kv, teamId, user?.id ?? null, context, membersCursor, lang);
  const data = { ...loaded, link: linkIn(loaded.link, context.now, lang) };
  const notice = status === 200 ? noticeFrom(c, ACCESS_NOTICES, lang) : null;
  const page = <AccessPage data={data} paths={adminPaths(teamId, "admin")} notice={notice} form={form} />;
  return sendAdminPage(c, page, titleOf(lang, "access", data.team.name), status);
}
