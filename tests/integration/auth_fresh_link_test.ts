// 'Send me a fresh link': an expired or spent sign-in link mails a new one with one press, no typing.
import assert from "node:assert/strict";
import { createTestApp, getPage, postForm, requestJson, seedTeam } from "../helpers.ts";
import { cookiesFrom, createAccount, queuedMail, tokenFromMail } from "../auth_helpers.ts";
import { manualClock, sessionOf } from "./auth_fixtures.ts";
import { newToken } from "../../lib/auth/tokens.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const RESEND_ANSWER = "We sent a fresh link to your e-mail.";

type App = Awaited<ReturnType<typeof createTestApp>>["app"];

const openLink = (app: App, token: string) => getPage(app, `/auth/magic?token=${token}`);
const resend = async (app: App, token: string, ip?: string) => {
  const res = await postForm(app, "/auth/magic/resend", { token }, ip);
  return { res, html: await res.text() };
};
/** The page offers the one-press button, with the token as its only field. */
const offersFreshLink = (html: string, token: string) =>
  /<form(?=[^>]*method="post")[^>]*action="\/auth\/magic\/resend"/.test(html) &&
  html.includes(`<input type="hidden" name="token" value="${token}"/>`) &&
  html.includes(">Send me a fresh link</button>");
const mailsTo = async (kv: Deno.Kv, address: string) =>
  (await queuedMail(kv)).filter((m) => m.mail.to.address === address).length;

Deno.test("[fresh link] the next morning: the expired link offers a fresh one; it is mailed and signs in", async () => {
  const clock = manualClock();
  await using t = await createTestApp({ now: clock.now });
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "coach@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  await requestJson(t.app, "/api/team-admin/magic-link", { body: { email: "coach@example.com" } });
  const expired = await tokenFromMail(t.kv, "coach@example.com", "/auth/magic");
  clock.advance(14 * 60 * MINUTE);

  const page = await openLink(t.app, expired);
  assert.equal(page.res.status, 400);
  assert.equal(page.res.headers.get("cache-control"), "no-store");
  assert.equal(page.res.headers.get("referrer-policy"), "no-referrer");
  assert.match(page.html, /Link expired/);
  assert.ok(offersFreshLink(page.html, expired));
  assert.ok(!page.html.includes("coach@example.com"), "the page never shows the address");
  // Continue pressed on a page left open overnight: the same offer.
  const late = await postForm(t.app, "/auth/magic", { token: expired });
  assert.equal(late.status, 400);
  assert.equal(late.headers.getSetCookie().length, 0, "the expired link itself never signs in");
  assert.ok(offersFreshLink(await late.text(), expired));

  const answer = await resend(t.app, expired);
  assert.equal(answer.res.status, 200);
  assert.equal(answer.res.headers.get("cache-control"), "no-store");
  assert.ok(answer.html.includes(RESEND_ANSWER));
  assert.ok(!answer.html.includes("coach@example.com"));
  assert.equal(await mailsTo(t.kv, "coach@example.com"), 2);

  const fresh = await tokenFromMail(t.kv, "coach@example.com", "/auth/magic");
  assert.notEqual(fresh, expired);
  const signedIn = await postForm(t.app, "/auth/magic", { token: fresh });
  assert.equal(signedIn.status, 303);
  assert.equal(signedIn.headers.get("location"), `/teams/${team.id}`, "the admin scope's destination again");
  const user = (await (await sessionOf(t.app, cookiesFrom(signedIn))).json()).user;
  assert.equal(user.email, "coach@example.com");
  assert.equal(user.selectedTeamId, team.id);
});

Deno.test("[fresh link] a spent link offers it too; a link's own next is kept", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "ana@example.com", teamId: team.id });
  await requestJson(t.app, "/api/team/magic-link", { body: { email: "ana@example.com", next: "/home?welcome=1" } });
  const token = await tokenFromMail(t.kv, "ana@example.com", "/auth/magic");
  assert.equal((await postForm(t.app, "/auth/magic", { token })).status, 303);

  const twice = await postForm(t.app, "/auth/magic", { token });
  assert.equal(twice.status, 400);
  assert.ok(offersFreshLink(await twice.text(), token));
  assert.ok(offersFreshLink((await openLink(t.app, token)).html, token));
  assert.equal((await resend(t.app, token)).res.status, 200);
  const fresh = await tokenFromMail(t.kv, "ana@example.com", "/auth/magic");
  assert.notEqual(fresh, token);
  const res = await postForm(t.app, "/auth/magic", { token: fresh });
  assert.equal(res.headers.get("location"), "/home?welcome=1");
});

Deno.test("[fresh link] unknown, too old or malformed: no button, no mail, the same answer", async () => {
  const clock = manualClock();
  await using t = await createTestApp({ now: clock.now });
  const { team } = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "ana@example.com", teamId: team.id });
  await requestJson(t.app, "/api/team/magic-link", { body: { email: "ana@example.com" } });
  const old = await tokenFromMail(t.kv, "ana@example.com", "/auth/magic");

  const unknown = newToken();
  const page = await openLink(t.app, unknown);
  assert.equal(page.res.status, 400);
  assert.ok(!page.html.includes("/auth/magic/resend"), "nothing to renew for a link nobody issued");
  assert.match(page.html, /href="\/team-login">Request a new link/);

  const known = await resend(t.app, old);
  const stranger = await resend(t.app, unknown);
  assert.equal(stranger.res.status, known.res.status);
  assert.equal(
    stranger.html.replace(/nonce="[^"]*"/g, ""),
    known.html.replace(/nonce="[^"]*"/g, ""),
    "the answer does not tell whether the link was known",
  );
  assert.equal(await mailsTo(t.kv, "ana@example.com"), 2, "one fresh link, for the known one only");

  // A week after the link expired it no longer knows who it was for.
  clock.advance(15 * MINUTE + 7 * DAY + 1000);
  assert.ok(!(await openLink(t.app, old)).html.includes("/auth/magic/resend"));
  assert.ok((await resend(t.app, old)).html.includes(RESEND_ANSWER));
  assert.equal(await mailsTo(t.kv, "ana@example.com"), 2, "nothing sent after the window");

  for (const bad of ["", "short", `${old}x`]) {
    const { res } = await resend(t.app, bad);
    assert.equal(res.status, 400, JSON.stringify(bad));
  }
});

Deno.test("[fresh link] the same throttles as asking for a link; a removed member gets nothing", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv);
  const other = await seedTeam(t.kv);
  await createAccount(t.kv, { email: "ana@example.com", teamId: team.id });
  await requestJson(t.app, `/api/teams/${other.team.slug}/magic-link`, { body: { email: "ana@example.com" } });
  assert.equal(await mailsTo(t.kv, "ana@example.com"), 0, "not a member of the other team");
  await requestJson(t.app, `/api/teams/${team.slug}/magic-link`, { body: { email: "ana@example.com" } });
  const token = await tokenFromMail(t.kv, "ana@example.com", "/auth/magic");

  // 5 links an hour per address and IP, whichever way they are asked for.
  for (let i = 0; i < 5; i++) assert.equal((await resend(t.app, token)).res.status, 200);
  const limited = await resend(t.app, token);
  assert.equal(limited.res.status, 429);
  assert.ok(Number(limited.res.headers.get("retry-after")) > 0);
  assert.match(limited.html, /Too many/);
  assert.equal(await mailsTo(t.kv, "ana@example.com"), 6);

  // The team scope is asked again: someone no longer on the team gets no link from the old one.
  const { keys } = await import("../../lib/db/keys.ts");
  const { getUserByEmail } = await import("../../lib/db/users.ts");
  const user = (await getUserByEmail(t.kv, "ana@example.com"))!;
  await t.kv.atomic().delete(keys.membership(user.id, team.id)).delete(keys.teamMember(team.id, user.id)).commit();
  assert.equal((await resend(t.app, token, "198.51.100.7")).res.status, 200);
  assert.equal(await mailsTo(t.kv, "ana@example.com"), 6);
});
