/** What the family dashboard's API and page tests share: a team with a moving clock and the read rule. */
import assert from "node:assert/strict";
import { type AdminWorld, adminWorld, signIn } from "./admin_helpers.ts";
import { call, createTestApp, type TestContext } from "./helpers.ts";
import { createAccount } from "./auth_helpers.ts";
import { getUserByEmail } from "../lib/db/users.ts";

type App = TestContext["app"];

const HOUR_MS = 60 * 60 * 1000;

/**
 * A team (`adminWorld`) and a second parent, on a clock the test moves: a minute into an hour, so
 * an hourly limit's window holds for the whole test; `tick()` moves it a second.
 */
export async function familyWorld() {
  const clock = { now: new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS + 60_000) };
  const t = await createTestApp({ now: () => clock.now });
  const world = await adminWorld(t);
  await createAccount(t.kv, { email: "parent2@example.com", teamId: world.team.id, role: "TEAM_STANDARD" });
  const parent2 = await signIn(t, "parent2@example.com");
  const idOf = async (email: string) => (await getUserByEmail(t.kv, email))!.id;
  return { t, world, clock, parent2, idOf, tick: () => (clock.now = new Date(clock.now.getTime() + 1000)) };
}

/**
 * A team's list call reads for its members and a system administrator, privately and by id or
 * slug, and for no one else: anonymous 401, a person of another team 403. `pathOf` builds the
 * path from the team's id or slug; the list is expected empty.
 */
export async function assertMembersRead(app: App, world: AdminWorld, pathOf: (teamKey: string) => string) {
  const path = pathOf(world.team.id);
  const anonymous = await call(app, "GET", path);
  assert.equal(anonymous.status, 401);
  assert.equal(typeof (await anonymous.json()).message, "string");
  const outsider = await call(app, "GET", path, { cookie: world.cookies.otherAdmin });
  assert.equal(outsider.status, 403);
  assert.deepEqual(await outsider.json(), { message: "You do not have access to this team." });
  for (const who of ["parent", "player", "admin", "sysadmin"] as const) {
    const res = await call(app, "GET", path, { cookie: world.cookies[who] });
    assert.equal(res.status, 200, who);
    assert.equal(res.headers.get("cache-control"), "no-store", who);
    assert.deepEqual(await res.json(), { values: [], cursor: "" }, who);
  }
  const bySlug = await call(app, "GET", pathOf(world.team.slug), { cookie: world.cookies.parent });
  assert.equal(bySlug.status, 200, "the team's slug works as its id");
  await bySlug.body?.cancel();
}
