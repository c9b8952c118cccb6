/**
 * The family dashboard's per-viewer page cache (lib/dashboard/render_cache.ts): a kept page is
 * sent with a fresh nonce, never to another person, never past a refused membership, and a
 * write the dashboard shows appears at once for the writer and for everyone else.
 */
import assert from "node:assert/strict";
import { adminWorld } from "../admin_helpers.ts";
import { call, createTestApp, get } from "../helpers.ts";
import { keys } from "../../lib/db/keys.ts";

const page = (teamId: string) => `/family-dashboard/${teamId}`;

async function render(app: Parameters<typeof get>[0], teamId: string, cookie: string) {
  const res = await get(app, page(teamId), cookie);
  assert.equal(res.status, 200);
  return { res, html: await res.text() };
}

const nonceOf = (html: string) => html.match(/ nonce="([^"]+)"/)?.[1] ?? null;

Deno.test("[dashboard cache] a kept page: the same bytes but a fresh nonce, matching the CSP, and the same headers", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  const first = await render(t.app, world.team.id, world.cookies.parent);
  const second = await render(t.app, world.team.id, world.cookies.parent);
  const [n1, n2] = [nonceOf(first.html), nonceOf(second.html)];
  assert.ok(n1 && n2 && n1 !== n2, "each response has its own nonce");
  assert.ok(second.res.headers.get("content-security-policy")!.includes(`'nonce-${n2}'`));
  assert.equal(second.html.replaceAll(n2, "N"), first.html.replaceAll(n1, "N"));
  const names = (res: Response) => [...res.headers.keys()].sort();
  assert.deepEqual(names(second.res), names(first.res));
  assert.equal(second.res.headers.get("cache-control"), "no-store");
});

Deno.test("[dashboard cache] one person's page never goes to another", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  const admin = await render(t.app, world.team.id, world.cookies.admin);
  const parent = await render(t.app, world.team.id, world.cookies.parent);
  assert.ok(admin.html.includes(`/teams/${world.team.id}`), "the admin's button");
  assert.ok(!parent.html.includes(`"adminHref":"/teams/`), "not on the parent's page");
  assert.ok(!parent.html.includes("admin@example.com") || admin.html !== parent.html);
  assert.notEqual(admin.html.replaceAll(nonceOf(admin.html)!, ""), parent.html.replaceAll(nonceOf(parent.html)!, ""));
});

Deno.test("[dashboard cache] a member removed after their page was kept is refused, not served it", async () => {
  await using t = await createTestApp();
  const world = await adminWorld(t);
  await render(t.app, world.team.id, world.cookies.parent);
  const parent = (await t.kv.get<{ id: string }>(keys.userByEmail("parent@example.com"))).value as unknown;
  const userId = typeof parent === "string" ? parent : (parent as { id: string }).id;
  // Removed behind the app's back: no team revision changes, so only the membership check can refuse.
  await t.kv.delete(keys.membership(userId, world.team.id));
  await t.kv.delete(keys.teamMember(world.team.id, userId));
  const res = await get(t.app, page(world.team.id), world.cookies.parent);
  assert.equal(res.status, 403);
  await res.body?.cancel();
});

/** Each write the dashboard shows, made through the API: it must show at once on a kept page. */
const WRITES: {
  name: string;
  /** Who writes (default: the team's admin). */
  as?: "sysadmin";
  write: (t: { app: Parameters<typeof call>[0] }, teamId: string, cookie: string) => Promise<Response>;
  shows: string;
}[] = [
  {
    name: "a post",
    write: (t, teamId, cookie) =>
      call(t.app, "POST", `/api/teams/${teamId}/posts`, {
        cookie,
        body: { postType: "news", content: "Bring water bottles Saturday" },
      }),
    shows: "Bring water bottles Saturday",
  },
  {
    name: "an essential",
    write: (t, teamId, cookie) =>
      call(t.app, "POST", `/api/teams/${teamId}/essentials`, {
        cookie,
        body: {
          category: "Equipment",
          subcategory: "Cleats",
          name: "Zebra Striker Cleats",
          description: "Size 4.",
          link: "",
        },
      }),
    shows: "Zebra Striker Cleats",
  },
  {
    name: "a team campaign",
    write: (t, teamId, cookie) =>
      call(t.app, "POST", `/api/admin/${teamId}/campaigns`, {
        cookie,
        body: { title: "Pizza night?", type: "newsflash", newsText: "Pizza after the final", isActive: true },
      }),
    shows: "Pizza after the final",
  },
  {
    name: "a global campaign (every team's dashboard)",
    as: "sysadmin",
    write: (t, _teamId, cookie) =>
      call(t.app, "POST", "/api/admin/campaigns", {
        cookie,
        body: { title: "League news", type: "newsflash", newsText: "Fields reopen Monday", isActive: true },
      }),
    shows: "Fields reopen Monday",
  },
];

for (const { name, as, write, shows } of WRITES) {
  Deno.test(`[dashboard cache] ${name} shows at once to the writer and to another member`, async () => {
    await using t = await createTestApp();
    const world = await adminWorld(t);
    // Kept pages for both, before the write.
    for (const cookie of [world.cookies.admin, world.cookies.parent]) {
      assert.ok(!(await render(t.app, world.team.id, cookie)).html.includes(shows));
      await render(t.app, world.team.id, cookie);
    }
    const res = await write(t, world.team.id, world.cookies[as ?? "admin"]);
    assert.ok(res.status >= 200 && res.status < 300, `${name}: ${res.status} ${await res.text()}`);
    for (const cookie of [world.cookies.admin, world.cookies.parent]) {
      assert.ok((await render(t.app, world.team.id, cookie)).html.includes(shows), name);
    }
  });
}

/**
 * Structural: a domain module that stages a record the dashboard shows (posts, essentials,
 * photos, campaigns and answers, events and calendars, families, guardians, players) commits
 * through `commitTeamChange…`, never the plain `commitChange`/`commitOrConflict`, which would
 * leave kept dashboards stale.
 */
Deno.test("[dashboard cache] modules staging dashboard records commit through commitTeamChange", async () => {
  const visible = ["posts", "essentials", "gallery", "campaigns", "events", "calendars", "families", "guardians"];
  const stagesVisible = new RegExp(
    `import \\{[^}]*\\bstage\\w*[^}]*\\} from "\\.\\./db/(?:${visible.join("|")})\\.ts"`,
  );
  const offenders: string[] = [];
  const folders = ["feed", "essentials", "photos", "campaigns", "calendar", "families", "accounts", "events", "teams"];
  for (const folder of folders) {
    for await (const file of Deno.readDir(new URL(`../../lib/${folder}/`, import.meta.url))) {
      if (!file.name.endsWith(".ts")) continue;
      const source = await Deno.readTextFile(new URL(`../../lib/${folder}/${file.name}`, import.meta.url));
      if (stagesVisible.test(source) && /\b(?:commitChange|commitOrConflict)\(/.test(source)) {
        offenders.push(`lib/${folder}/${file.name}`);
      }
    }
  }
  assert.deepEqual(offenders, []);
});
