/**
 * The family calendar (issue 10): `/account/calendar`, where a signed-in person (not a team's
 * shared login) makes, resets or turns off their private calendar link, and the link itself,
 * `GET /calendar/<token>.ics`, a public route whose token is the credential.
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { getSessionUser } from "../auth_middleware.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { PRIVATE_PAGE, respond, sendPage } from "../security_headers.ts";
import type { SessionUser } from "../../lib/auth/session_user.ts";
import { ForbiddenError, RateLimitError } from "../../lib/errors.ts";
import { refusalOf } from "../errors.ts";
import { formBody, ifNoneMatchHas } from "../http.ts";
import { headerAccount } from "../../components/SiteLayout.tsx";
import { pageLanguage } from "../language.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { translateMessage } from "../../lib/i18n/translate.ts";
import { FamilyCalendarPage, FamilyCalendarTeamLoginPage } from "../../components/calendar/FamilyCalendarPage.tsx";
import {
  createFamilyCalendarLink,
  FAMILY_CALENDAR_MESSAGES,
  familyCalendarUrls,
  getFamilyCalendarLink,
  readFamilyCalendar,
  resetFamilyCalendarLink,
  revokeFamilyCalendarLink,
  tokenOfFeedFile,
} from "../../lib/calendar/mod.ts";

type Ctx = Context<AppEnv>;

const PAGE_PATH = "/account/calendar";
/** Signed out (or only a system administrator, who has no person account): sign in, then back here. */
const SIGN_IN = `/team-login?next=${PAGE_PATH}`;

/** The notice after a change, by the code its redirect carries (never the words). */
const NOTICE_CODES = ["created", "reset", "revoked"] as const;
type NoticeCode = typeof NOTICE_CODES[number];
const isNoticeCode = (code: string | undefined): code is NoticeCode =>
  (NOTICE_CODES as readonly (string | undefined)[]).includes(code);

/** The person this request acts for, or the response that sends them to sign in. */
async function personOrRedirect(c: Ctx): Promise<SessionUser | Response> {
  const user = await getSessionUser(c);
  if (!user) return c.redirect(SIGN_IN, 303);
  return user;
}

async function sendCalendarPage(c: Ctx, user: SessionUser) {
  const { assets, kv, config } = c.var.deps;
  const account = headerAccount(user);
  const language = await pageLanguage(c);
  const texts = messagesFor(language.lang).familyCalendar;
  const title = texts.title;
  if (user.kind !== "person") {
    const element = (
      <FamilyCalendarTeamLoginPage
        teamName={user.firstName}
        account={account}
        message={translateMessage(FAMILY_CALENDAR_MESSAGES.personalAccountNeeded, language.lang)}
      />
    );
    return sendPage(c, renderPage(assets, element, { title, noindex: true, ...language }), PRIVATE_PAGE);
  }
  const link = await getFamilyCalendarLink(kv, user.id);
  const done = c.req.query("done");
  const element = (
    <FamilyCalendarPage
      account={account}
      notice={isNoticeCode(done) ? texts.messages[done] : null}
      link={link && { urls: familyCalendarUrls(config.appUrl, link.token), createdAt: link.createdAt }}
      teams={user.teams.map((t) => ({ id: t.id, name: t.name }))}
    />
  );
  // The page shows the person's secret link: never cached, never indexed.
  return sendPage(c, renderPage(assets, element, { title, noindex: true, ...language }), PRIVATE_PAGE);
}

/** A change to the person's link: signed in as a person, then `change`, then back to the page with a notice. */
function linkChange(change: (kv: Deno.Kv, userId: string, now: Date) => Promise<unknown>, done: string) {
  return async (c: Ctx) => {
    const user = await personOrRedirect(c);
    if (user instanceof Response) return user;
    if (user.kind !== "person") throw new ForbiddenError(FAMILY_CALENDAR_MESSAGES.personalAccountNeeded);
    await change(c.var.deps.kv, user.id, c.var.deps.now());
    c.header("Cache-Control", "no-store");
    return c.redirect(`${PAGE_PATH}?done=${done}`, 303);
  };
}

const TEXT: [string, string] = ["content-type", "text/plain; charset=utf-8"];
/** The feed is data, never a document: nothing in it may load or run. */
const FEED_CSP: [string, string] = ["content-security-policy", "default-src 'none'; sandbox"];

/** `/account/calendar`: the page, and making, resetting or turning off the link (`/reset`, `/revoke`). */
export const familyCalendarPages = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = await personOrRedirect(c);
    if (user instanceof Response) return user;
    return await sendCalendarPage(c, user);
  })
  .post("/", formBody, linkChange(createFamilyCalendarLink, "created"))
  .post("/reset", formBody, linkChange(resetFamilyCalendarLink, "reset"))
  .post("/revoke", formBody, linkChange((kv, userId) => revokeFamilyCalendarLink(kv, userId), "revoked"));

/** `/calendar/{token}.ics`: the feed (a public route: the private link's token is the credential). */
export const familyCalendarFeed = new Hono<AppEnv>()
  .get("/:file", async (c) => {
    const { kv, config, now } = c.var.deps;
    // Unknown, malformed or turned off: the same plain 404, which says nothing about why.
    const notFound = () => respond(c, "Not found\n", 404, [TEXT, FEED_CSP, ...PRIVATE_PAGE]);
    const token = tokenOfFeedFile(c.req.param("file"));
    if (!token) return notFound();
    let feed;
    try {
      const { lang } = await pageLanguage(c);
      feed = await readFamilyCalendar(kv, token, { now: now(), appUrl: config.appUrl, lang });
    } catch (error) {
      const { message, headers } = refusalOf(error, RateLimitError);
      return respond(c, `${message}\n`, 429, [TEXT, FEED_CSP, ...PRIVATE_PAGE, ...headers]);
    }
    if (!feed) return notFound();
    const headers: [string, string][] = [
      FEED_CSP,
      ["cache-control", "private, max-age=300"],
      ["etag", feed.etag],
      ["x-robots-tag", "noindex"],
      ["referrer-policy", "no-referrer"],
    ];
    if (ifNoneMatchHas(c.req.header("if-none-match"), feed.etag)) {
      // A 304 has no body (`respond` builds one from text); the common headers are added by hand.
      const common = (c.get("securityHeaders") ?? []).filter(([name]) => !headers.some(([own]) => own === name));
      return new Response(null, { status: 304, headers: [...common, ...headers] });
    }
    return respond(c, feed.body, 200, [
      ["content-type", "text/calendar; charset=utf-8"],
      ["content-disposition", 'inline; filename="goalmates.ics"'],
      ...headers,
    ]);
  });
