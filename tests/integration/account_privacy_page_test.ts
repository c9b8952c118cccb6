/**
 * `/account/privacy` (issue 22 item 1): what is kept and for how long (read from
 * lib/retention.ts), and a section per action with the agreed forms and fields; who gets the
 * page (a person), who gets the 'personal account needed' card (a team login), who is sent to
 * sign in; the notices after each action; the links to it from /account, the avatar menu and
 * the footer.
 */
import assert from "node:assert/strict";
import { call, createTestApp, get, getPage } from "../helpers.ts";
import { adminWorld, signIn } from "../admin_helpers.ts";
import { cookiesFrom, createAccount, setCheapTeamLogin } from "../auth_helpers.ts";
import { setMembership } from "../../lib/db/users.ts";
import { stageGuardian } from "../../lib/db/guardians.ts";
import { commitTeamChange } from "../../lib/db/team_revisions.ts";
import { RETENTION_PERIODS } from "../../lib/retention.ts";
import { keys } from "../../lib/db/keys.ts";
import { PRIVACY_MESSAGES } from "../../lib/accounts/mod.ts";
import { CHILD_NOTICES } from "../../lib/families/mod.ts";
import { CHILD_PRIVACY_TEXTS } from "../../lib/families/child_privacy_rules.ts";
import { renderToString } from "react-dom/server";
import { createElement } from "react";
import { AccountMenu } from "../../components/AccountMenu.tsx";
import { inEnglish } from "../helpers.ts";

const PAGE = "/account/privacy";
/** React escapes apostrophes in text; the page's HTML is compared with its texts escaped the same way. */
const html = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");
/** The page's `<input>` with this name, whatever the order of its attributes. */
const inputNamed = (page: string, name: string) => page.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? "";

/** The team's parent is a guardian of its first player; they are also a parent in the other team. */
async function world(t: Awaited<ReturnType<typeof createTestApp>>) {
  const w = await adminWorld(t);
  const parent = (await t.kv.get<string>(["users_by_email", "parent@example.com"])).value!;
  const op = stageGuardian(t.kv.atomic(), w.team.id, w.players[0].id, parent, new Date());
  assert.ok((await commitTeamChange(t.kv, op, w.team.id)).ok);
  await setMembership(t.kv, parent, w.otherTeam.id, "TEAM_STANDARD");
  return { w, parentId: parent };
}

Deno.test("[privacy page] a parent sees what is kept and for how long, and a form per action with the agreed fields", async () => {
  await using t = await createTestApp();
  const { w } = await world(t);
  const { res, html: page } = await getPage(t.app, PAGE, w.cookies.parent);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.match(page, /<h1>Your data and privacy<\/h1>/);
  assert.match(page, /noindex/);
  // Every period from the one list the sweep and /privacy read.
  for (const period of RETENTION_PERIODS) assert.ok(page.includes(html(period.text)), `missing: ${period.kind}`);
  // Download.
  assert.match(page, /<a[^>]*href="\/api\/account\/export"[^>]*download/);
  // Leave: one form per team, each with its team id.
  const leaveForms = [
    ...page.matchAll(
      /<form[^>]*action="\/account\/privacy\/leave"[^>]*><input type="hidden" name="teamId" value="([^"]+)"/g,
    ),
  ]
    .map((m) => m[1]).sort();
  assert.deepEqual(leaveForms, [w.team.id, w.otherTeam.id].sort());
  // The child: hide last name / photo, and ask for removal with an optional reason.
  const child = w.players[0];
  assert.ok(page.includes(`action="/account/privacy/children/${child.id}/privacy"`));
  assert.match(inputNamed(page, "hideLastName"), /type="checkbox"[^>]*value="on"/);
  assert.match(inputNamed(page, "hidePhoto"), /type="checkbox"[^>]*value="on"/);
  assert.doesNotMatch(inputNamed(page, "hideLastName"), /checked/);
  assert.ok(page.includes(`action="/account/privacy/children/${child.id}/removal-request"`));
  assert.match(page, /<textarea[^>]*name="reason"/);
  assert.ok(page.includes(`Ask to remove ${child.firstName} from the team`));
  // The same words as the child's member dialog, and the removal under its own heading, apart from the choices.
  assert.ok(page.includes(html(CHILD_PRIVACY_TEXTS.hideLastName(child.firstName))));
  assert.ok(page.includes(html(CHILD_PRIVACY_TEXTS.hidePhoto(child.firstName))));
  assert.ok(page.includes(`<h4 class="privacy__action-heading">${CHILD_PRIVACY_TEXTS.removalHeading}</h4>`));
  // Delete: the e-mail confirmation field and what goes.
  assert.match(page, /action="\/account\/privacy\/delete"/);
  assert.match(inputNamed(page, "confirm"), /type="email"/);
  assert.match(page, /This cannot be undone/);
  // Nobody else's child.
  assert.ok(!page.includes(`/children/${w.players[1].id}/`));
});

Deno.test("[privacy page] the children's current choices are shown checked; a waiting removal request replaces the form", async () => {
  await using t = await createTestApp();
  const { w, parentId } = await world(t);
  const child = w.players[0];
  const entry = await t.kv.get<Record<string, unknown>>(["players", w.team.id, child.id]);
  const op = t.kv.atomic().check(entry).set(entry.key, { ...entry.value!, hideLastName: true });
  assert.ok((await commitTeamChange(t.kv, op, w.team.id)).ok);
  const requestId = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
  await t.kv.set(keys.removalRequest(w.team.id, child.id, requestId), {
    id: requestId,
    teamId: w.team.id,
    playerId: child.id,
    requestedBy: parentId,
    reason: "",
    status: "pending",
    createdAt: "2026-11-20T12:00:00.000Z",
    decidedAt: null,
    denyReason: null,
  });
  const { html: page } = await getPage(t.app, PAGE, w.cookies.parent);
  assert.match(inputNamed(page, "hideLastName"), /checked=""/);
  assert.doesNotMatch(inputNamed(page, "hidePhoto"), /checked/);
  assert.ok(page.includes("You asked on Nov 20, 2026"), "the waiting request");
  assert.ok(!page.includes(`/children/${child.id}/removal-request`), "no second request while one waits");
});

Deno.test("[privacy page] the team's only admin is told why they cannot leave; with a co-admin they may", async () => {
  await using t = await createTestApp();
  const { w } = await world(t);
  const only = await getPage(t.app, PAGE, w.cookies.admin);
  assert.ok(only.html.includes(html(PRIVACY_MESSAGES.onlyAdmin)));
  assert.ok(!only.html.includes(`name="teamId" value="${w.team.id}"`));
  const co = await createAccount(t.kv, { email: "co@example.com", teamId: w.team.id, role: "TEAM_ADMIN" });
  assert.ok(co.id);
  const shared = await getPage(t.app, PAGE, w.cookies.admin);
  assert.ok(!shared.html.includes(html(PRIVACY_MESSAGES.onlyAdmin)));
  assert.ok(shared.html.includes(`name="teamId" value="${w.team.id}"`));
});

Deno.test("[privacy page] who gets it: anonymous and a system administrator sign in first, a team login gets the personal-account card", async () => {
  await using t = await createTestApp();
  const { w } = await world(t);
  for (const cookie of ["", w.cookies.sysadmin]) {
    const res = await get(t.app, PAGE, cookie);
    assert.equal(res.status, 303);
    assert.equal(res.headers.get("location"), "/team-login?next=/account/privacy");
  }
  await setCheapTeamLogin(t.kv, w.team.id, "rockets", "the team password");
  const teamLogin = cookiesFrom(
    await call(t.app, "POST", `/api/teams/${w.team.id}/login`, {
      body: { username: "rockets", password: "the team password" },
    }),
  );
  const { res, html: page } = await getPage(t.app, PAGE, teamLogin);
  assert.equal(res.status, 200);
  assert.ok(page.includes(html(PRIVACY_MESSAGES.personalAccountNeeded)));
  assert.ok(page.includes('href="/team-login?next=/account/privacy"'));
  assert.ok(!page.includes("/account/privacy/delete"), "no actions for a team login");
  assert.ok(!page.includes("/api/account/export"));
  // Another team's admin and a player see their own page, never the parent's child.
  for (const who of ["otherAdmin", "player"] as const) {
    const other = await getPage(t.app, PAGE, w.cookies[who]);
    assert.equal(other.res.status, 200);
    assert.ok(!other.html.includes(`/children/${w.players[0].id}/`), who);
  }
});

Deno.test("[privacy page] a notice after each action, and none for an unknown code", async () => {
  await using t = await createTestApp();
  const { w } = await world(t);
  for (
    const [query, message] of [
      ["left=1", PRIVACY_MESSAGES.left],
      ["child=requested", CHILD_NOTICES.requested],
      ["child=saved", CHILD_NOTICES.saved],
    ]
  ) {
    const { html: page } = await getPage(t.app, `${PAGE}?${query}`, w.cookies.parent);
    assert.ok(page.includes(html(message)), query);
    assert.match(page, /notice--success" role="status"/);
  }
  // A child's form that came back refused: the words in the children's section, never from the URL.
  const refused = await getPage(t.app, `${PAGE}?child-error=alreadyRequested`, w.cookies.parent);
  const children = refused.html.slice(refused.html.indexOf('id="privacy-children-heading"'));
  assert.ok(children.includes(html(CHILD_NOTICES.alreadyRequested)));
  assert.ok(!(await getPage(t.app, `${PAGE}?child-error=toString`, w.cookies.parent)).html.includes("notice--error"));
  const { res, html: page } = await getPage(t.app, `${PAGE}?left=<script>&child=toString`, w.cookies.parent);
  assert.equal(res.status, 200);
  assert.doesNotMatch(page, /notice--success/);
});

Deno.test("[privacy page] linked from /account, the avatar menu and the footer of signed-in pages only", async () => {
  await using t = await createTestApp();
  const { w } = await world(t);
  const account = await getPage(t.app, "/account", w.cookies.parent);
  assert.match(account.html, /<a class="button button--secondary" href="\/account\/privacy">/);
  assert.match(account.html, /<footer[\s\S]*href="\/account\/privacy"[\s\S]*<\/footer>/, "the footer, signed in");
  const cookie = await signIn(t, "parent@example.com");
  const dashboard = await getPage(t.app, `/family-dashboard/${w.team.id}`, cookie);
  assert.equal(dashboard.res.status, 200);
  assert.match(dashboard.html, /<footer[\s\S]*href="\/account\/privacy"[\s\S]*<\/footer>/, "the dashboard's footer");
  assert.ok(dashboard.html.includes('href="/account/privacy"'), "the avatar menu on the dashboard");
  const menu = renderToString(inEnglish(createElement(AccountMenu, { label: "Wei", account: null, adminHref: null })));
  assert.match(menu, /href="\/account\/privacy"/);
  for (const path of ["/", "/privacy", "/team-login"]) {
    const anonymous = await getPage(t.app, path);
    assert.ok(!anonymous.html.includes('href="/account/privacy"'), `signed out: ${path}`);
  }
});
