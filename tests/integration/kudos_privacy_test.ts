/**
 * Issue 22, item 5, on the team feed: a kudos names a child as "Chloe A." (stored so, as the
 * picker shows it), so a parent hiding the last name leaves nothing more to hide there; once the
 * admin approves the child's removal, the kudos naming the child go with them (a kudos praises
 * that one child, and its text names them too). A kudos left naming a player no longer on the
 * team (posted in the instant of the removal, or kept from before) says "a former player".
 */
import assert from "node:assert/strict";
import { createTestApp, getPage, type TestContext } from "../helpers.ts";
import { adminWorld, call, signIn } from "../admin_helpers.ts";
import { createAccount } from "../auth_helpers.ts";
import { getUserByEmail } from "../../lib/db/users.ts";
import { stageGuardian } from "../../lib/db/guardians.ts";
import { newPostId, type PostRecord, stagePost } from "../../lib/db/posts.ts";
import { commitTeamChange } from "../../lib/db/team_revisions.ts";
import type { TeamPost } from "../../lib/feed/mod.ts";

/** adminWorld where `parent@example.com` is Chloe's (players[3]) parent and `other-parent@example.com` Sofia's. */
async function world(t: TestContext) {
  const w = await adminWorld(t);
  const [, sofia, , chloe] = w.players;
  const parent = (await getUserByEmail(t.kv, "parent@example.com"))!;
  const other = await createAccount(t.kv, { email: "other-parent@example.com", teamId: w.team.id });
  const op = stageGuardian(t.kv.atomic(), w.team.id, chloe.id, parent.id);
  assert.ok((await commitTeamChange(t.kv, stageGuardian(op, w.team.id, sofia.id, other.id), w.team.id)).ok);
  const cookies = { ...w.cookies, otherParent: await signIn(t, "other-parent@example.com") };
  const post = async (cookie: string, body: Record<string, unknown>) => {
    const res = await call(t.app, "POST", `/api/teams/${w.team.id}/posts`, { cookie, body });
    assert.equal(res.status, 201, await res.clone().text());
    return (await res.json()) as TeamPost;
  };
  const feed = async (cookie: string) => {
    const res = await call(t.app, "GET", `/api/teams/${w.team.id}/posts`, { cookie });
    assert.equal(res.status, 200);
    return (await res.json()).values as TeamPost[];
  };
  return { w, chloe, sofia, cookies, post, feed };
}

Deno.test("[kudos privacy] a hidden last name is never on a kudos: every member sees first name and initial", async () => {
  await using t = await createTestApp();
  const { w, chloe, cookies, post, feed } = await world(t);
  await post(cookies.admin, { postType: "kudos", content: "Great save!", playerId: chloe.id });
  const hidden = await call(t.app, "PUT", `/api/players/${chloe.id}/privacy`, {
    cookie: cookies.parent,
    body: { hideLastName: true, hidePhoto: false },
  });
  assert.equal(hidden.status, 200);
  await hidden.body?.cancel();
  for (const who of ["otherParent", "parent", "admin"] as const) {
    const [kudos] = await feed(cookies[who]);
    assert.equal(kudos.playerName, "Chloe A.", who);
    const page = await getPage(t.app, `/family-dashboard/${w.team.id}`, cookies[who]);
    assert.ok(page.html.includes("Kudos to Chloe A."), who);
  }
  const other = await getPage(t.app, `/family-dashboard/${w.team.id}`, cookies.otherParent);
  assert.ok(!other.html.includes(chloe.lastName), "no last name anywhere on another family's dashboard");
  const anonymous = await call(t.app, "GET", `/api/teams/${w.team.id}/posts`);
  assert.equal(anonymous.status, 401);
  await anonymous.body?.cancel();
});

Deno.test("[kudos privacy] approving a child's removal removes the kudos naming them; the rest of the feed stays", async () => {
  await using t = await createTestApp();
  const { w, chloe, sofia, cookies, post, feed } = await world(t);
  const aboutChloe = await post(cookies.otherParent, {
    postType: "kudos",
    content: "Chloe was brilliant",
    playerId: chloe.id,
  });
  const aboutSofia = await post(cookies.admin, { postType: "kudos", content: "Sofia's header!", playerId: sofia.id });
  const news = await post(cookies.parent, { postType: "news", content: "Practice moved to 6pm" });
  assert.deepEqual((await feed(cookies.otherParent)).map((p) => p.id), [news.id, aboutSofia.id, aboutChloe.id]);
  const asked = await call(t.app, "POST", `/api/players/${chloe.id}/removal-request`, {
    cookie: cookies.parent,
    body: { reason: "We are moving" },
  });
  assert.equal(asked.status, 201, await asked.clone().text());
  const { request: { id } } = await asked.json();
  const approved = await call(t.app, "POST", `/api/admin/${w.team.id}/removal-requests/${id}/approve`, {
    cookie: cookies.admin,
  });
  assert.equal(approved.status, 200, await approved.clone().text());
  await approved.body?.cancel();

  const stored = (await Array.fromAsync(t.kv.list<PostRecord>({ prefix: ["posts", w.team.id] }))).map((e) => e.value);
  assert.deepEqual(stored.map((p) => p.id).sort(), [aboutSofia.id, news.id].sort(), "only the kudos naming Chloe went");
  assert.ok(!JSON.stringify(stored).includes("Chloe"));
  for (const who of ["otherParent", "parent", "admin"] as const) {
    const shown = await feed(cookies[who]);
    assert.deepEqual(shown.map((p) => p.id), [news.id, aboutSofia.id], who);
    const page = await getPage(t.app, `/family-dashboard/${w.team.id}`, cookies[who]);
    assert.ok(!page.html.includes("Chloe was brilliant") && !page.html.includes("Kudos to Chloe"), who);
  }
});

Deno.test("[kudos privacy] a kudos naming a player no longer on the team says 'a former player'", async () => {
  await using t = await createTestApp();
  const { w, cookies, feed } = await world(t);
  const left: PostRecord = {
    id: newPostId(Date.now()),
    postType: "kudos",
    content: "Thanks for a great season",
    authorId: null,
    playerId: "01ARZ3NDEKTSV4RRFFQ69G5FAV",
    playerName: "Leo K.",
    createdAt: new Date().toISOString(),
  };
  assert.ok((await commitTeamChange(t.kv, stagePost(t.kv.atomic(), w.team.id, left), w.team.id)).ok);
  for (const who of ["otherParent", "parent", "admin", "sysadmin"] as const) {
    const [kudos] = await feed(cookies[who]);
    assert.equal(kudos.playerName, "a former player", who);
    assert.equal(kudos.playerId, null, who);
  }
  const page = await getPage(t.app, `/family-dashboard/${w.team.id}`, cookies.otherParent);
  assert.ok(page.html.includes("Kudos to a former player"));
  assert.ok(!page.html.includes("Leo K."));
});
