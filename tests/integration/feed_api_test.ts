/**
 * The Team Feed's calls (`GET`/`POST /api/teams/{teamId}/posts`, `DELETE …/posts/{postId}`)
 * and its plain forms under `/family-dashboard/{teamId}/posts`: who may do what, every rule's
 * message with nothing stored, paging newest first, the hourly limit, and the section as the
 * dashboard renders it.
 */
import assert from "node:assert/strict";
import { type AdminWorld, call } from "../admin_helpers.ts";
import { assertMembersRead, familyWorld } from "../family_helpers.ts";
import { dumpKv, get, kvValues, postFormAs, TEST_ORIGIN, type TestContext } from "../helpers.ts";
import { createPost, type TeamPost } from "../../lib/feed/mod.ts";

type App = TestContext["app"];

/** Posts and the rate-limit counters: what a refused post must leave as it was. */
const FEED_PREFIXES = ["posts", "rate_limits"];

const postsPath = (teamId: string) => `/api/teams/${teamId}/posts`;

async function postAs(app: App, world: AdminWorld, cookie: string, body: unknown, teamId = world.team.id) {
  return await call(app, "POST", postsPath(teamId), { cookie, body });
}

Deno.test("[feed api] reading: every member and a system administrator; no one else", async () => {
  const { t, world } = await familyWorld();
  await using _ = t;
  await assertMembersRead(t.app, world, postsPath);
});

Deno.test("[feed api] posting: a parent's kudos names a player; player and admin post; 201 with the post", async () => {
  const { t, world, clock, idOf, tick } = await familyWorld();
  await using _ = t;
  const maya = world.players[0];
  const res = await postAs(t.app, world, world.cookies.parent, {
    postType: "kudos",
    content: "  What a save in the second half!  ",
    playerId: maya.id,
  });
  assert.equal(res.status, 201);
  assert.equal(res.headers.get("cache-control"), "no-store");
  const post: TeamPost = await res.json();
  assert.deepEqual(post, {
    id: post.id,
    postType: "kudos",
    content: "What a save in the second half!",
    authorName: "Test Person",
    authorId: await idOf("parent@example.com"),
    playerId: maya.id,
    playerName: "Maya R.",
    createdAt: clock.now.toISOString(),
  });
  assert.match(post.id, /^[0-9A-HJKMNP-TV-Z]{26}$/, "a ULID");
  // The author's name is read from their account when shown: the record keeps only their id.
  const { authorName: _shown, ...stored } = post;
  assert.deepEqual(await kvValues(t.kv, { prefix: ["posts", world.team.id] }), [stored]);
  assert.deepEqual((await t.kv.get(["posts", world.team.id, post.id])).value, stored);

  tick();
  const news = await postAs(t.app, world, world.cookies.player, {
    postType: "news",
    content: "Game at 10 on Saturday",
  });
  assert.equal(news.status, 201);
  const newsPost: TeamPost = await news.json();
  assert.equal(newsPost.authorId, await idOf("player@example.com"));
  assert.equal(newsPost.playerId, null);
  assert.equal(newsPost.playerName, null);
  tick();
  const advice = await postAs(t.app, world, world.cookies.admin, {
    postType: "advice",
    content: "Bring water 💧",
    playerId: "",
  });
  assert.equal(advice.status, 201);
  const advicePost: TeamPost = await advice.json();
  assert.equal(advicePost.authorName, "Ada Person");

  // A player named by a post that is not a kudos is left out.
  tick();
  const named = await postAs(t.app, world, world.cookies.parent, {
    postType: "news",
    content: "Photos soon",
    playerId: maya.id,
  });
  assert.equal(named.status, 201);
  assert.equal((await named.json()).playerId, null);

  const list = await call(t.app, "GET", postsPath(world.team.id), { cookie: world.cookies.parent });
  const { values } = await list.json();
  assert.deepEqual(values.map((p: TeamPost) => p.content), [
    "Photos soon",
    "Bring water 💧",
    "Game at 10 on Saturday",
    "What a save in the second half!",
  ], "newest first");
});

Deno.test("[feed api] posting is refused to a system administrator, an outsider and anonymous: nothing stored", async () => {
  const { t, world } = await familyWorld();
  await using _ = t;
  const before = await dumpKv(t.kv, FEED_PREFIXES);
  const body = { postType: "news", content: "Hello" };
  const anonymous = await postAs(t.app, world, "", body);
  assert.equal(anonymous.status, 401);
  await anonymous.body?.cancel();
  const outsider = await postAs(t.app, world, world.cookies.otherAdmin, body);
  assert.equal(outsider.status, 403);
  await outsider.body?.cancel();
  const sysadmin = await postAs(t.app, world, world.cookies.sysadmin, body);
  assert.equal(sysadmin.status, 403);
  assert.equal(typeof (await sysadmin.json()).message, "string");
  assert.deepEqual(await dumpKv(t.kv, FEED_PREFIXES), before);

  // The other team's admin posts to their own team only.
  const own = await postAs(t.app, world, world.cookies.otherAdmin, body, world.otherTeam.id);
  assert.equal(own.status, 201);
  await own.body?.cancel();
  const ours = await call(t.app, "GET", postsPath(world.team.id), { cookie: world.cookies.parent });
  assert.deepEqual((await ours.json()).values, []);
});

Deno.test("[feed api] every rule's message, 400, and nothing stored", async () => {
  const { t, world } = await familyWorld();
  await using _ = t;
  await postAs(t.app, world, world.cookies.parent, { postType: "news", content: "first" }).then((r) =>
    r.body?.cancel()
  );
  const before = await dumpKv(t.kv, FEED_PREFIXES);
  const cases: [unknown, string, Record<string, string> | undefined][] = [
    [{ postType: "news", content: "a".repeat(281) }, "Posts can be at most 280 characters", { content: "" }],
    [{ postType: "news", content: "🏆".repeat(281) }, "Posts can be at most 280 characters", { content: "" }],
    [{ postType: "news", content: "   \n  " }, "Please write something to post", { content: "" }],
    [{ postType: "news" }, "Please write something to post", { content: "" }],
    [{ postType: "poll", content: "Hi" }, "Please choose a post type", { postType: "" }],
    [{ content: "Hi" }, "Please choose a post type", { postType: "" }],
    [
      { postType: "kudos", content: "Hi", playerId: "01ARZ3NDEKTSV4RRFFQ69G5FAV" },
      "Please choose a player of this team",
      {
        playerId: "",
      },
    ],
    [
      { postType: "kudos", content: "Hi", playerId: world.otherPlayers[0].id },
      "Please choose a player of this team",
      { playerId: "" },
    ],
    [{ postType: "kudos", content: "Hi", playerId: 12 }, "Please choose a player of this team", { playerId: "" }],
    [{ postType: "news", content: "Hi", authorName: "Someone else" }, "Unknown field: authorName", undefined],
    [["news", "Hi"], "Please choose a post type", { postType: "", content: "" }],
  ];
  for (const [body, message, fields] of cases) {
    const res = await postAs(t.app, world, world.cookies.parent, body);
    assert.equal(res.status, 400, JSON.stringify(body).slice(0, 60));
    const reply = await res.json();
    assert.equal(reply.message, message, JSON.stringify(body).slice(0, 60));
    if (fields) assert.deepEqual(Object.keys(reply.fields ?? {}), Object.keys(fields), message);
  }
  const raw = await t.app.request(`${TEST_ORIGIN}${postsPath(world.team.id)}`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/json", cookie: world.cookies.parent },
    body: "{not json",
  });
  assert.equal(raw.status, 400);
  await raw.body?.cancel();
  const form = await t.app.request(`${TEST_ORIGIN}${postsPath(world.team.id)}`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded", cookie: world.cookies.parent },
    body: "postType=news&content=Hi",
  });
  assert.equal(form.status, 415, "the API takes JSON only");
  await form.body?.cancel();
  assert.deepEqual(await dumpKv(t.kv, FEED_PREFIXES), before, "a refused post changed nothing, not even the limit");
  // Exactly 280 characters passes.
  const full = await postAs(t.app, world, world.cookies.parent, { postType: "news", content: "🏆".repeat(280) });
  assert.equal(full.status, 201);
  await full.body?.cancel();
});

Deno.test("[feed api] deleting: the author their own, an admin any; others 403, missing 404", async () => {
  const { t, world, parent2, tick } = await familyWorld();
  await using _ = t;
  const create = async (cookie: string, content: string) => {
    tick();
    const res = await postAs(t.app, world, cookie, { postType: "news", content });
    assert.equal(res.status, 201);
    return (await res.json()) as TeamPost;
  };
  const mine = await create(world.cookies.parent, "mine");
  const theirs = await create(parent2, "theirs");
  const path = (post: { id: string }, teamId = world.team.id) => `${postsPath(teamId)}/${post.id}`;

  const before = await dumpKv(t.kv, FEED_PREFIXES);
  for (const who of ["player", "otherAdmin", "sysadmin"] as const) {
    const res = await call(t.app, "DELETE", path(mine), { cookie: world.cookies[who] });
    assert.equal(res.status, 403, who);
    await res.body?.cancel();
  }
  const anonymous = await call(t.app, "DELETE", path(mine));
  assert.equal(anonymous.status, 401);
  await anonymous.body?.cancel();
  const other = await call(t.app, "DELETE", path(mine), { cookie: parent2 });
  assert.equal(other.status, 403);
  assert.deepEqual(await other.json(), { message: "You can only delete your own posts" });
  const missing = await call(t.app, "DELETE", path({ id: "01ARZ3NDEKTSV4RRFFQ69G5FAV" }), {
    cookie: world.cookies.parent,
  });
  assert.equal(missing.status, 404);
  assert.deepEqual(await missing.json(), { message: "Post not found" });
  assert.deepEqual(await dumpKv(t.kv, FEED_PREFIXES), before, "refused deletes changed nothing");

  // A post of another team is not found through this team.
  const elsewhere = await postAs(
    t.app,
    world,
    world.cookies.otherAdmin,
    { postType: "news", content: "x" },
    world.otherTeam.id,
  );
  const elsewherePost: TeamPost = await elsewhere.json();
  const crossed = await call(t.app, "DELETE", path(elsewherePost), { cookie: world.cookies.admin });
  assert.equal(crossed.status, 404);
  await crossed.body?.cancel();
  assert.ok((await t.kv.get(["posts", world.otherTeam.id, elsewherePost.id])).value);

  const own = await call(t.app, "DELETE", path(mine), { cookie: world.cookies.parent });
  assert.equal(own.status, 200);
  assert.equal(own.headers.get("cache-control"), "no-store");
  assert.deepEqual(await own.json(), { success: true });
  assert.equal((await t.kv.get(["posts", world.team.id, mine.id])).value, null);
  const again = await call(t.app, "DELETE", path(mine), { cookie: world.cookies.parent });
  assert.equal(again.status, 404);
  await again.body?.cancel();

  const byAdmin = await call(t.app, "DELETE", path(theirs), { cookie: world.cookies.admin });
  assert.equal(byAdmin.status, 200);
  await byAdmin.body?.cancel();
  assert.deepEqual(await kvValues(t.kv, { prefix: ["posts", world.team.id] }), []);
});

Deno.test("[feed api] paging: 20 newest first, then the rest by cursor; limits checked", async () => {
  const { t, world, clock } = await familyWorld();
  await using _ = t;
  const author = { userId: null };
  const start = clock.now.getTime() - 30 * 60_000;
  for (let i = 0; i < 25; i++) {
    await createPost(
      t.kv,
      world.team.id,
      author,
      { postType: "news", content: `post ${i}` },
      new Date(start + i * 1000),
    );
  }
  const path = postsPath(world.team.id);
  const first = await (await call(t.app, "GET", path, { cookie: world.cookies.parent })).json();
  assert.equal(first.values.length, 20);
  assert.deepEqual(first.values.slice(0, 3).map((p: TeamPost) => p.content), ["post 24", "post 23", "post 22"]);
  assert.ok(first.cursor);
  const second = await (await call(t.app, "GET", `${path}?cursor=${first.cursor}`, { cookie: world.cookies.parent }))
    .json();
  assert.deepEqual(second.values.map((p: TeamPost) => p.content), ["post 4", "post 3", "post 2", "post 1", "post 0"]);
  assert.equal(second.cursor, "");
  const small = await (await call(t.app, "GET", `${path}?limit=2`, { cookie: world.cookies.sysadmin })).json();
  assert.deepEqual(small.values.map((p: TeamPost) => p.content), ["post 24", "post 23"]);
  for (const query of ["limit=0", "limit=501", "limit=x", "cursor=not*a*cursor"]) {
    const res = await call(t.app, "GET", `${path}?${query}`, { cookie: world.cookies.parent });
    assert.equal(res.status, 400, query);
    assert.equal(typeof (await res.json()).message, "string", query);
  }
});

Deno.test("[feed api] 30 posts an hour per person, then 429 with Retry-After; others still post", async () => {
  const { t, world, parent2 } = await familyWorld();
  await using _ = t;
  for (let i = 0; i < 30; i++) {
    const res = await postAs(t.app, world, world.cookies.parent, { postType: "news", content: `n${i}` });
    assert.equal(res.status, 201, `post ${i}`);
    await res.body?.cancel();
  }
  const before = await kvValues(t.kv, { prefix: ["posts"] });
  const limited = await postAs(t.app, world, world.cookies.parent, { postType: "news", content: "one more" });
  assert.equal(limited.status, 429);
  assert.ok(Number(limited.headers.get("retry-after")) > 0);
  assert.match((await limited.json()).message, /Please try again in \d+ minutes?\./);
  assert.deepEqual(await kvValues(t.kv, { prefix: ["posts"] }), before);
  const other = await postAs(t.app, world, parent2, { postType: "news", content: "still here" });
  assert.equal(other.status, 201);
  await other.body?.cancel();
});

Deno.test("[feed forms] a post without JavaScript: 303 back to the feed; refused ones re-render with the errors", async () => {
  const { t, world, idOf } = await familyWorld();
  await using _ = t;
  const path = `/family-dashboard/${world.team.id}/posts`;
  const ok = await postFormAs(t.app, path, {
    postType: "kudos",
    content: "Line one\r\nLine two",
    playerId: world.players[1].id,
  }, world.cookies.parent);
  assert.equal(ok.status, 303);
  assert.equal(ok.headers.get("location"), `/family-dashboard/${world.team.id}#feed`);
  const [stored] = await kvValues<TeamPost>(t.kv, { prefix: ["posts", world.team.id] });
  assert.equal(stored.content, "Line one\nLine two");
  assert.equal(stored.playerName, "Sofia O.");
  assert.equal(stored.authorId, await idOf("parent@example.com"));

  const before = await dumpKv(t.kv, FEED_PREFIXES);
  const blank = await postFormAs(t.app, path, { postType: "news", content: "   ", playerId: "" }, world.cookies.parent);
  assert.equal(blank.status, 422);
  assert.equal(blank.headers.get("cache-control"), "no-store");
  const blankHtml = await blank.text();
  assert.match(blankHtml, /<p id="feed-content-error" class="field__error">Please write something to post<\/p>/);
  assert.match(blankHtml, /<textarea[^>]*aria-invalid="true"[^>]*aria-describedby="feed-counter feed-content-error"/);
  assert.match(blankHtml, /<input type="radio" name="postType" checked="" value="news"\/>/, "the chosen type stays");

  const long = "x".repeat(281);
  const tooLong = await postFormAs(t.app, path, { postType: "advice", content: long }, world.cookies.parent);
  assert.equal(tooLong.status, 422);
  const longHtml = await tooLong.text();
  assert.match(longHtml, /Posts can be at most 280 characters/);
  assert.ok(longHtml.includes(`>${long}</textarea>`), "the text comes back to be shortened");
  assert.match(longHtml, /281\/280/, "the counter shows it");

  const noType = await postFormAs(t.app, path, { content: "Hello" }, world.cookies.parent);
  assert.equal(noType.status, 422);
  assert.match(await noType.text(), /<p id="feed-type-error" class="field__error">Please choose a post type<\/p>/);

  const stranger = await postFormAs(t.app, path, {
    postType: "kudos",
    content: "Hi",
    playerId: world.otherPlayers[0].id,
  }, world.cookies.parent);
  assert.equal(stranger.status, 422);
  const strangerHtml = await stranger.text();
  assert.match(strangerHtml, /<p id="feed-player-error" class="field__error">Please choose a player of this team<\/p>/);
  assert.deepEqual(await dumpKv(t.kv, FEED_PREFIXES), before, "refused forms changed nothing");

  const sysadmin = await postFormAs(t.app, path, { postType: "news", content: "Hi" }, world.cookies.sysadmin);
  assert.equal(sysadmin.status, 403);
  await sysadmin.body?.cancel();
  const anonymous = await postFormAs(t.app, path, { postType: "news", content: "Hi" }, "");
  assert.equal(anonymous.status, 303);
  assert.match(anonymous.headers.get("location")!, /^\/team-login\?next=/);
  assert.deepEqual(await dumpKv(t.kv, FEED_PREFIXES), before);
});

Deno.test("[feed forms] deleting without JavaScript: the author and an admin; 303 back; others refused", async () => {
  const { t, world, parent2 } = await familyWorld();
  await using _ = t;
  const res = await postAs(t.app, world, world.cookies.parent, { postType: "news", content: "to delete" });
  const post: TeamPost = await res.json();
  const path = `/family-dashboard/${world.team.id}/posts/${post.id}/delete`;
  const refused = await postFormAs(t.app, path, {}, parent2);
  assert.equal(refused.status, 403);
  assert.match(await refused.text(), /You can only delete your own posts/);
  const outsider = await postFormAs(t.app, path, {}, world.cookies.otherAdmin);
  assert.equal(outsider.status, 403);
  await outsider.body?.cancel();
  assert.ok((await t.kv.get(["posts", world.team.id, post.id])).value);
  const done = await postFormAs(t.app, path, {}, world.cookies.parent);
  assert.equal(done.status, 303);
  assert.equal(done.headers.get("location"), `/family-dashboard/${world.team.id}#feed`);
  assert.equal((await t.kv.get(["posts", world.team.id, post.id])).value, null);
  const gone = await postFormAs(t.app, path, {}, world.cookies.admin);
  assert.equal(gone.status, 404);
  await gone.body?.cancel();

  const second: TeamPost = await (await postAs(t.app, world, parent2, { postType: "news", content: "x" })).json();
  const byAdmin = await postFormAs(
    t.app,
    `/family-dashboard/${world.team.id}/posts/${second.id}/delete`,
    {},
    world.cookies.admin,
  );
  assert.equal(byAdmin.status, 303);
  assert.deepEqual(await kvValues(t.kv, { prefix: ["posts", world.team.id] }), []);
});

Deno.test("[feed section] the dashboard shows the feed: empty state, composer, posts, Delete, Older posts", async () => {
  const { t, world, clock, idOf } = await familyWorld();
  await using _ = t;
  const page = `/family-dashboard/${world.team.id}`;
  const emptyHtml = await (await get(t.app, page, world.cookies.parent)).text();
  const feedOf = (html: string) => /<section[^>]*id="feed"[\s\S]*?<\/section>/.exec(html)![0];
  const empty = feedOf(emptyHtml);
  assert.match(empty, /<h2 id="feed-title"[^>]*>Team Feed<\/h2>/);
  assert.match(empty, /Start the Conversation/);
  assert.match(empty, /data-island="FeedComposer"[^>]*data-hydrate="interaction"/);
  assert.match(empty, /<form class="feed-composer"[^>]*action="\/family-dashboard\/[^"]+\/posts#feed" method="post"/);
  for (const action of ["Give Kudos", "Share News", "Offer Advice"]) assert.ok(empty.includes(action), action);
  assert.match(empty, /<textarea[^>]*name="content"[^>]*maxLength="280"/i);
  assert.match(empty, />0\/280</);
  assert.match(empty, />Cancel</);
  assert.match(empty, />Post</);
  for (const p of world.players) assert.ok(empty.includes(`value="${p.id}"`), "the kudos picker");
  assert.ok(!empty.includes("Older posts"));

  const parentId = await idOf("parent@example.com");
  const minutes = (n: number) => new Date(clock.now.getTime() - n * 60_000);
  await createPost(t.kv, world.team.id, { userId: null }, {
    postType: "advice",
    content: "Hydrate <b>well</b>",
  }, minutes(3 * 24 * 60));
  await createPost(t.kv, world.team.id, { userId: parentId }, {
    postType: "kudos",
    content: "Great hustle",
    playerId: world.players[0].id,
  }, minutes(5));
  const parentFeed = feedOf(await (await get(t.app, page, world.cookies.parent)).text());
  assert.ok(!parentFeed.includes("Start the Conversation"));
  assert.ok(parentFeed.indexOf("Great hustle") < parentFeed.indexOf("Hydrate"), "newest first");
  assert.match(parentFeed, /5 minutes ago/);
  assert.match(parentFeed, /3 days ago/);
  assert.match(parentFeed, /Kudos to Maya R\./);
  assert.match(parentFeed, /role="img" aria-label="Kudos"/);
  assert.match(parentFeed, /role="img" aria-label="Advice"/);
  assert.ok(parentFeed.includes("Hydrate &lt;b&gt;well&lt;/b&gt;"), "text, never markup");
  assert.equal([...parentFeed.matchAll(/Yes, delete/g)].length, 1, "the parent deletes only their own");

  const adminFeed = feedOf(await (await get(t.app, page, world.cookies.admin)).text());
  assert.equal([...adminFeed.matchAll(/Yes, delete/g)].length, 2, "an admin deletes any");
  const sysFeed = feedOf(await (await get(t.app, page, world.cookies.sysadmin)).text());
  assert.equal([...sysFeed.matchAll(/Yes, delete/g)].length, 0);
  assert.ok(!sysFeed.includes("<textarea"), "a system administrator reads only");
  assert.match(sysFeed, /can read the feed but not post/);

  for (let i = 0; i < 20; i++) {
    await createPost(t.kv, world.team.id, { userId: null }, {
      postType: "news",
      content: `update ${i}`,
    }, minutes(1 - i / 100));
  }
  const full = feedOf(await (await get(t.app, page, world.cookies.parent)).text());
  const older = /href="(\/family-dashboard\/[^"?]+\?feed=([^"#]+)#feed)"[^>]*>Older posts</.exec(full);
  assert.ok(older, "the Older posts link");
  assert.ok(!full.includes("Great hustle"), "the 22nd post is on the next page");
  const next = feedOf(await (await get(t.app, older[1].replaceAll("&amp;", "&"), world.cookies.parent)).text());
  assert.ok(next.includes("Great hustle") && next.includes("Hydrate"));
  assert.ok(!next.includes("update 19"));
  assert.ok(!full.includes("Newest posts"), "the first page is the newest");
  assert.match(next, new RegExp(`href="${page}#feed"[^>]*>Newest posts<`), "the way back from a later page");
});
