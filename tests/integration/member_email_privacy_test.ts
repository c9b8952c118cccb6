/**
 * Security issue 3 (R40; DECISIONS.md: parents' e-mails reach only the team's admins and the
 * parent themselves): a parent who joined through a claim has no name, and their e-mail used to
 * be copied onto their posts, essentials and photos as the author's name. Another parent of the
 * team now reads every page and JSON answer a member can and finds no address but their own;
 * the claimant goes by "Leo's parent", and by their name as soon as they set one.
 */
import assert from "node:assert/strict";
import { call, signIn } from "../admin_helpers.ts";
import { createTestApp, get, requestJson, seedTeam, type TestContext } from "../helpers.ts";
import { createAccount } from "../auth_helpers.ts";
import { getUserByEmail, setMembership } from "../../lib/db/users.ts";
import { linkParentToPlayer } from "../../lib/families/mod.ts";
import { createCampaign } from "../../lib/campaigns/mod.ts";
import { imagePool } from "../../lib/images/mod.ts";

type App = TestContext["app"];

const CLAIMANT = "leo.private.inbox@example.com";
const SECOND_PARENT = "pat.second.parent@example.com";
/** Every address of the team's people: none but the reader's own may reach them (in any encoding). */
const TEAM_ADDRESSES = [CLAIMANT, "ada.private.admin@example.com", "kid.private.box@example.com", SECOND_PARENT];
/** An address anywhere in a page or a JSON answer. */
const ADDRESS = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** The site's own contact address (the public Contact page), no one's personal data. */
const SITE_ADDRESSES = new Set(["hello@goalmates.app"]);
const SMALL_PNG = Deno.readFileSync(new URL("../fixtures/small.png", import.meta.url));

/** Text as a reader gets it: HTML entities and JSON escapes undone. */
const readable = (text: string) =>
  text.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&").replaceAll("\\u0040", "@");

/** A gallery photo through the four calls, as the Add Photos island sends them. */
async function addPhoto(app: App, teamId: string, cookie: string) {
  const asked = await call(app, "POST", "/api/objects/upload", {
    cookie,
    body: { teamId, purpose: "gallery", size: SMALL_PNG.byteLength, contentType: "image/png" },
  });
  assert.equal(asked.status, 200);
  const { uploadURL } = await asked.json();
  const put = await call(app, "PUT", uploadURL, { cookie, raw: SMALL_PNG, headers: { "content-type": "image/png" } });
  assert.equal(put.status, 200);
  const { objectPath } = await put.json();
  const processed = await call(app, "POST", "/api/photos/process-gallery-photo", {
    cookie,
    body: { originalPath: objectPath },
  });
  assert.equal(processed.status, 200);
  const added = await call(app, "POST", `/api/teams/${teamId}/photos`, {
    cookie,
    body: { ...await processed.json(), caption: "Warm-ups", uploaderName: CLAIMANT, uploaderType: "parent" },
  });
  assert.equal(added.status, 201);
  return await added.json();
}

/**
 * A team with Leo (#5) and Mia (#8), an admin, Mia's parent Pat, and Leo's parent who came in
 * through a claim the admin approved: an account without a name, who posts, adds an essential,
 * shares a photo and answers a poll.
 */
async function claimWorld(t: TestContext) {
  const { team, players } = await seedTeam(t.kv, {}, [
    { firstName: "Leo", lastName: "Martin", jerseyNumber: 5, position: "Forward" },
    { firstName: "Mia", lastName: "Chen", jerseyNumber: 8 },
  ]);
  const [leo, mia] = players;
  await createAccount(t.kv, {
    email: "ada.private.admin@example.com",
    teamId: team.id,
    role: "TEAM_ADMIN",
    firstName: "Ada",
  });
  const kid = await createAccount(t.kv, { email: "kid.private.box@example.com", firstName: "" });
  await setMembership(t.kv, kid.id, team.id, "PLAYER", { playerId: leo.id });
  const second = await createAccount(t.kv, {
    email: SECOND_PARENT,
    teamId: team.id,
    firstName: "Pat",
    lastName: "Chen",
  });
  await linkParentToPlayer(t.kv, team.id, mia.id, second.id);
  const admin = await signIn(t, "ada.private.admin@example.com");

  const claim = await requestJson(t.app, `/api/teams/${team.slug}/claims`, {
    body: { mode: "jersey", jerseyNumber: 5, email: CLAIMANT },
  });
  assert.equal(claim.status, 201);
  const approved = await requestJson(t.app, `/api/admin/${team.id}/claims/${(await claim.json()).claimId}/approve`, {
    body: {},
    headers: { cookie: admin },
  });
  assert.equal(approved.status, 200);
  const claimant = (await getUserByEmail(t.kv, CLAIMANT))!;
  assert.deepEqual([claimant.firstName, claimant.lastName], ["", ""], "a claim brings no name");
  const cookie = await signIn(t, CLAIMANT);

  const post = await call(t.app, "POST", `/api/teams/${team.id}/posts`, {
    cookie,
    body: { postType: "kudos", content: "Great run, Mia!", playerId: mia.id },
  });
  assert.equal(post.status, 201);
  const essential = await call(t.app, "POST", `/api/teams/${team.id}/essentials`, {
    cookie,
    body: { category: "Equipment", subcategory: "Cleats", name: "Wide cleats", description: "Good on grass." },
  });
  assert.equal(essential.status, 201);
  const photo = await addPhoto(t.app, team.id, cookie);
  const poll = await createCampaign(t.kv, {
    teamId: team.id,
    title: "Team party",
    type: "poll",
    pollQuestion: "Where?",
    pollOption1: "Park",
    pollOption2: "Pizza",
  }, new Date());
  const answered = await call(t.app, "POST", `/api/campaigns/${poll.id}/respond`, {
    cookie,
    body: { parentId: claimant.id, pollResponse: 1 },
  });
  assert.equal(answered.status, 200);
  await answered.body?.cancel();
  const pat = await signIn(t, SECOND_PARENT);
  const families = await (await get(t.app, `/api/public/teams/${team.id}/families`, pat)).json();
  const familyId =
    families.values.find((f: { members: { memberId: string }[] }) => f.members.some((m) => m.memberId === claimant.id))
      .id;
  return { team, leo, claimant, admin, cookie, pat, poll, familyId, photo, post: await post.json() };
}

type World = Awaited<ReturnType<typeof claimWorld>>;

/** Every GET the app registers, with its path filled for this team (logouts, static files and images left out). */
function memberReadablePaths(app: App, w: World): string[] {
  const fills: Record<string, string> = {
    teamId: w.team.id,
    teamKey: w.team.id,
    slug: w.team.slug,
    familyId: w.familyId,
    playerId: w.leo.id,
    parentId: w.claimant.id,
    campaignId: w.poll.id,
    id: w.poll.id,
    postId: w.post.id,
    photoId: w.photo.id,
  };
  const skipped = /^\/(api\/v2\/auth\/logout|api\/logout|build\/|objects\/)/;
  const routes = [...new Set(app.routes.filter((r) => r.method === "GET").map((r) => r.path))]
    .filter((path) => path !== "/*" && !skipped.test(path));
  return routes.map((path) =>
    path.replace(/:([A-Za-z]+)/g, (_, name: string) => fills[name] ?? "01ARZ3NDEKTSV4RRFFQ69G5FAV")
  );
}

/** What each path answers the reader: the addresses found that are not the reader's own, and each status. */
async function leaks(app: App, paths: string[], cookie: string, own: string) {
  const found: string[] = [];
  const statuses = new Map<string, number>();
  for (const path of paths) {
    const res = await get(app, path, cookie);
    const text = await res.text();
    statuses.set(path, res.status);
    const local = (address: string) => address.split("@")[0];
    for (const address of readable(text).match(ADDRESS) ?? []) {
      if (address.toLowerCase() !== own && !SITE_ADDRESSES.has(address.toLowerCase())) {
        found.push(`${path} (${res.status}): ${address}`);
      }
    }
    // Encoded (%40, entities…) too: no other team member's address, in any form.
    for (const address of TEAM_ADDRESSES.filter((a) => a !== own)) {
      if (text.includes(local(address))) found.push(`${path} (${res.status}): ${local(address)}…`);
    }
  }
  return { found, statuses };
}

Deno.test("[privacy] another parent reads every member page and call: no e-mail of a parent who joined by a claim", async () => {
  await using t = await createTestApp();
  const w = await claimWorld(t);
  const dashboard = `/family-dashboard/${w.team.id}`;
  const paths = [
    ...memberReadablePaths(t.app, w),
    // The dashboard with each Soccer Family view open on the claimant, and the gallery's pages.
    `${dashboard}?member=parents`,
    `${dashboard}?member=parent:${w.claimant.id}`,
    `${dashboard}?member=explore:parent:${w.claimant.id}`,
    `${dashboard}?member=player:${w.leo.id}`,
    `${dashboard}/photos`,
    `/api/teams/${w.team.id}/photos?limit=50`,
    `/api/teams/${w.team.id}/posts?limit=100`,
    `/api/teams/${w.team.id}/essentials?limit=100`,
    `/api/public/teams/${w.team.id}/parents?limit=500`,
  ];
  assert.ok(paths.includes(dashboard) && paths.includes(`/api/public/families/${w.familyId}/members`));
  const { found, statuses } = await leaks(t.app, paths, w.pat, SECOND_PARENT);
  assert.deepEqual(found, []);
  // The scan read the real thing: every family page and family call of the team answered the parent.
  const adminOnly = /\/(calendars|join-link)$/;
  const teamPaths = paths.filter((p) =>
    [dashboard, `/api/teams/${w.team.id}/`, "/api/public/"].some((start) => p.startsWith(start)) && !adminOnly.test(p)
  );
  assert.ok(teamPaths.length >= 20, `${teamPaths.length} team paths`);
  assert.deepEqual(teamPaths.filter((p) => statuses.get(p) !== 200), []);

  // The claimant goes by their relation to the team, everywhere their work is shown.
  const html = readable(await (await get(t.app, dashboard, w.pat)).text());
  assert.match(html, /<span class="feed-post__author">Leo's parent<\/span>/);
  assert.ok(html.includes("Added by Leo's parent"), "the essential");
  assert.ok(html.includes(`"uploaderName":"Leo's parent"`), "the gallery's photo");
  const viewAll = readable(await (await get(t.app, `${dashboard}/photos`, w.pat)).text());
  assert.ok(viewAll.includes("Shared by Leo's parent"), "View All");
  const parentCard = readable(await (await get(t.app, `${dashboard}?member=parent:${w.claimant.id}`, w.pat)).text());
  assert.match(parentCard, /<h2 id="family-dialog-title" class="dialog__title">Leo's parent<\/h2>/);
  const api = async (path: string) => await (await get(t.app, `/api/teams/${w.team.id}/${path}`, w.pat)).json();
  assert.equal((await api("posts")).values[0].authorName, "Leo's parent");
  assert.equal((await api("essentials")).values[0].userName, "Leo's parent");
  assert.equal((await api("photos")).photos[0].uploaderName, "Leo's parent");

  // The team's admins may reach the claimant (the dialog's Email), and the claimant sees their own.
  const asAdmin = await (await get(t.app, `${dashboard}?member=parent:${w.claimant.id}`, w.admin)).text();
  assert.ok(asAdmin.includes(`mailto:${CLAIMANT}`), "the admins' view keeps the address");
  assert.deepEqual((await leaks(t.app, paths, w.cookie, CLAIMANT)).found, [], "the claimant sees no one else's either");
});

Deno.test("[privacy] a name set later shows at once on everything the parent wrote before", async () => {
  await using t = await createTestApp();
  const w = await claimWorld(t);
  const saved = await call(t.app, "PUT", `/api/teams/${w.team.id}/parents/${w.claimant.id}`, {
    cookie: w.cookie,
    body: { firstName: "Sam", lastName: "Rivera", email: CLAIMANT, phone: "" },
  });
  assert.equal(saved.status, 200, JSON.stringify(await saved.clone().json()));
  await saved.body?.cancel();

  const api = async (path: string) => await (await get(t.app, `/api/teams/${w.team.id}/${path}`, w.pat)).json();
  assert.equal((await api("posts")).values[0].authorName, "Sam Rivera");
  assert.equal((await api("essentials")).values[0].userName, "Sam Rivera");
  assert.equal((await api("photos")).photos[0].uploaderName, "Sam Rivera");
  const html = readable(await (await get(t.app, `/family-dashboard/${w.team.id}`, w.pat)).text());
  assert.match(html, /<span class="feed-post__author">Sam Rivera<\/span>/);
  assert.ok(html.includes("Added by Sam Rivera") && html.includes(`"uploaderName":"Sam Rivera"`));
  assert.ok(!html.includes("Leo's parent"));
  const viewAll = readable(await (await get(t.app, `/family-dashboard/${w.team.id}/photos`, w.pat)).text());
  assert.ok(viewAll.includes("Shared by Sam Rivera"));
  imagePool.close();
  assert.equal(imagePool.threads, 0);
});
