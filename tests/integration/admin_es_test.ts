/**
 * The team admin's frame and dashboard in Spanish (issue 24): the dashboard with its cards, the
 * pages `/teams/{teamId}` shows to everyone else (an unknown team, 'Dashboard Moved', the team's
 * login and its refusal), the notices after a decision on a parent's removal request, and a
 * refusal of the removal-requests API as JSON. The English pages are checked word for word by
 * admin_pages_test.ts, removal_request_test.ts and the e2e tests.
 */
import assert from "node:assert/strict";
import { setCheapTeamLogin } from "../auth_helpers.ts";
import { call, createTestApp, getPage, postFormAs, requestJson, type TestContext } from "../helpers.ts";
import { adminWorld } from "../admin_helpers.ts";
import { englishLeftIn, readableText } from "../i18n_helpers.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { format } from "../../lib/i18n/format.ts";
import { getUserByEmail } from "../../lib/db/users.ts";
import { stageGuardian } from "../../lib/db/guardians.ts";
import { commitTeamChange } from "../../lib/db/team_revisions.ts";
import { formatDate } from "../../components/admin/format.ts";

const SPANISH = { "accept-language": "es-MX,es;q=0.9,en;q=0.5" };
const es = messagesFor("es");
const htmlLang = (html: string) => /<html lang="(\w+)"/.exec(html)?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1].replace(/&amp;/g, "&") ?? "";

function assertSpanish(html: string, where: string, texts: string[]): void {
  assert.equal(htmlLang(html), "es", `${where}: <html lang>`);
  const text = readableText(html);
  for (const expected of texts) assert.ok(text.includes(expected), `${where} lacks '${expected}'`);
  assert.deepEqual(englishLeftIn(html), [], `${where}: English catalogue texts left`);
}

const spanishPage = (t: TestContext, path: string, cookie = "") => getPage(t.app, path, { cookie, headers: SPANISH });

let ip = 20;
async function claimJersey(t: TestContext, slug: string, jerseyNumber: number, email: string) {
  const res = await requestJson(t.app, `/api/teams/${slug}/claims`, {
    body: { mode: "jersey", jerseyNumber, email },
    ip: `198.51.100.${ip++}`,
  });
  assert.equal(res.status, 201, await res.clone().text());
}

Deno.test("[admin es] a claim's date in each language", () => {
  assert.equal(formatDate("2026-03-05T12:00:00Z"), "Mar 5, 2026");
  assert.equal(formatDate("2026-03-05T12:00:00Z", "es"), "5 mar 2026");
});

Deno.test("[admin es] the dashboard in Spanish: frame, invite link, numbers, quick actions, pending claims", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  for (let i = 0; i < 5; i++) await claimJersey(t, w.team.slug, w.players[0].jerseyNumber!, `p${i}@example.com`);
  const { res, html } = await spanishPage(t, `/admin/${w.team.id}`, w.cookies.admin);
  assert.equal(res.status, 200);
  assert.equal(titleOf(html).startsWith(format("es", es.admin.titles.dashboard, { team: w.team.name })), true);
  assertSpanish(html, "dashboard", [
    es.admin.nav.claims,
    es.admin.nav.backToRoster,
    es.admin.nav.familyDashboard,
    es.admin.dashboard.quickActions,
    es.admin.dashboard.addPlayer,
    es.admin.dashboard.shareRoster,
    es.adminCards.invite.heading,
    es.adminCards.invite.intro,
    es.adminCards.pending.heading,
    es.adminCards.pending.viewAll,
    "5 solicitudes pendientes",
    es.adminCommon.numbers.playersWithParent,
    `${w.players[0].firstName} ${w.players[0].lastName} · #${w.players[0].jerseyNumber}`,
  ]);
  assert.match(readableText(html), /Vence en (7 días|6 días y 23 horas) · Usado 0 veces/);
  assert.match(html, /<nav aria-label="Administración del equipo">/);
  assert.match(
    html,
    new RegExp(
      `data-tile="players-with-parent"><p class="admin-tile__label">[^<]+</p><p class="admin-tile__value">0 de ${w.players.length}<`,
    ),
  );
  // The islands get their words in Spanish with their props, and the Share sheet's title too.
  assert.ok(html.includes(`"title":"Plantilla de ${w.team.name}"`));
  assert.ok(html.includes(es.adminCommon.copy.failedHint));
  // The date of a claim in Spanish ("5 mar 2026"), never the English month.
  assert.ok(readableText(html).includes(formatDate(new Date().toISOString(), "es")));

  // The same page in English is untouched.
  const english = (await getPage(t.app, `/admin/${w.team.id}`, w.cookies.admin)).html;
  assert.match(english, /<html lang="en"/);
  assert.ok(titleOf(english).startsWith(`${w.team.name} Dashboard`));
  assert.match(readableText(english), /Expires in (7 days|6 days, 23 hours) · Used 0 times/);
});

Deno.test("[admin es] the team's door: an unknown team, Dashboard Moved, the team's login and its refusal", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const invalid = await spanishPage(t, "/teams/no-such-team");
  assert.equal(invalid.res.status, 404);
  assertSpanish(invalid.html, "invalid team", [es.admin.titles.invalidTeam, es.admin.door.invalidText]);
  assert.ok(titleOf(invalid.html).startsWith(es.admin.titles.invalidTeam));

  const moved = await spanishPage(t, `/teams/${w.team.id}`, w.cookies.parent);
  assertSpanish(moved.html, "dashboard moved", [
    es.admin.titles.dashboardMoved,
    es.admin.door.movedText,
    es.admin.door.systemAdmin,
    es.admin.door.viewRoster,
  ]);

  const login = await spanishPage(t, `/teams/${w.team.id}`);
  assertSpanish(login.html, "team login", [
    es.auth.teamLogin.title,
    format("es", es.admin.door.loginLead, { team: w.team.name }),
    es.admin.door.ownEmail,
  ]);
  assert.ok(titleOf(login.html).startsWith(format("es", es.admin.titles.teamLogin, { team: w.team.name })));

  // A wrong password without JavaScript: the form comes back with lib's refusal in Spanish.
  await setCheapTeamLogin(t.kv, w.team.id, "rockets", "a long enough password");
  const refused = await call(t.app, "POST", `/teams/${w.team.id}/login`, {
    form: { username: "rockets", password: "not the password" },
    headers: SPANISH,
    ip: "203.0.113.40",
  });
  assert.equal(refused.status, 401);
  const refusedHtml = await refused.text();
  assertSpanish(refusedHtml, "team login refused", [es.auth.messages.teamLoginFailed]);
});

Deno.test("[admin es] a removal request's list and decision notices in Spanish; the API refuses in Spanish", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const [maya] = w.players;
  const parent = (await getUserByEmail(t.kv, "parent@example.com"))!;
  const op = t.kv.atomic();
  stageGuardian(op, w.team.id, maya.id, parent.id);
  assert.ok((await commitTeamChange(t.kv, op, w.team.id)).ok);
  const asked = await postFormAs(
    t.app,
    `/account/privacy/children/${maya.id}/removal-request`,
    { reason: "Privacidad" },
    w.cookies.parent,
  );
  assert.equal(asked.status, 303);

  // The claims page lists it in Spanish (its own frame is the claims page's test's).
  const claimsPath = `/admin/${w.team.id}/claims`;
  const claims = (await spanishPage(t, claimsPath, w.cookies.admin)).html;
  const text = readableText(claims);
  for (const expected of [es.childPrivacy.adminHeading, es.childPrivacy.adminIntro, es.childPrivacy.approve]) {
    assert.ok(text.includes(expected), expected);
  }
  assert.ok(text.includes(format("es", es.childPrivacy.requestedBy, { name: "", date: "" }).split(" ")[0]));
  assert.ok(titleOf(claims).startsWith(format("es", es.admin.titles.claims, { team: w.team.name })));
  const requestId = /removal-requests\/([^/"]+)\/deny/.exec(claims)?.[1];
  assert.ok(requestId);

  // Deny without a reason: back to the claims page with the refusal in Spanish.
  const denied = await call(t.app, "POST", `${claimsPath.replace("/claims", "")}/removal-requests/${requestId}/deny`, {
    form: { reason: "" },
    cookie: w.cookies.admin,
    headers: SPANISH,
  });
  assert.equal(denied.status, 303);
  const back = denied.headers.get("location")!;
  assert.match(back, /error=removal-reason/);
  const refusedPage = (await spanishPage(t, back, w.cookies.admin)).html;
  assert.match(refusedPage, new RegExp(`role="alert">${es.childPrivacy.denyReasonRequired}<`));

  // Approve: the notice in Spanish, on the claims page and on the dashboard.
  const approved = await call(t.app, "POST", `/admin/${w.team.id}/removal-requests/${requestId}/approve`, {
    cookie: w.cookies.admin,
    headers: SPANISH,
  });
  assert.equal(approved.status, 303);
  const done = approved.headers.get("location")!;
  assert.ok((await spanishPage(t, done, w.cookies.admin)).html.includes(es.childPrivacy.approved));
  const dashboard = (await spanishPage(t, `/admin/${w.team.id}?done=removal-approved`, w.cookies.admin)).html;
  assertSpanish(dashboard, "dashboard notice", [es.childPrivacy.approved]);
  // The Team Calendar card's forms come back to the dashboard with lib/calendar's notices, in Spanish too.
  const calendar = (await spanishPage(t, `/admin/${w.team.id}?done=calendar-removed`, w.cookies.admin)).html;
  assert.match(calendar, new RegExp(`role="status">${es.adminCalendar.card.removed}<`));

  // The API: a request that is gone, refused in Spanish.
  const gone = await call(t.app, "POST", `/api/admin/${w.team.id}/removal-requests/${requestId}/approve`, {
    cookie: w.cookies.admin,
    headers: SPANISH,
  });
  assert.equal(gone.status, 404);
  assert.equal((await gone.json()).message, es.childPrivacy.requestNotFound);
});

Deno.test("[admin es] the Access page's own notices and title in Spanish", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  for (
    const [code, expected] of [["invited", es.admin.accessNotices.invited], [
      "regenerated",
      es.admin.accessNotices.regenerated,
    ]]
  ) {
    const html = (await spanishPage(t, `/admin/${w.team.id}/access?done=${code}`, w.cookies.admin)).html;
    assert.ok(readableText(html).includes(expected), code);
    assert.ok(titleOf(html).startsWith(format("es", es.admin.titles.access, { team: w.team.name })));
    assert.match(readableText(html), /Vence en (7 días|6 días y 23 horas)/, "the invite link's time left");
  }
});
