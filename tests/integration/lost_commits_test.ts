// Read–stage–commit changes that lose every commit to another writer: each gives up with the
// answer it always gave (the 409, "invalid", the invalid link), writes nothing, and works again
// once the commits get through. The retries themselves are `retryOnConflict` (lib/db/change.ts).
import assert from "node:assert/strict";
import { seedTeam, SIGNUP_BODY } from "../helpers.ts";
import { createAccount, tokenFromMail } from "../auth_helpers.ts";
import { HEADER, NOW } from "./admin_players_fixtures.ts";
import { ConflictError, ValidationError } from "../../lib/errors.ts";
import { getTeam } from "../../lib/db/teams.ts";
import { listPlayers } from "../../lib/db/players.ts";
import { getUser } from "../../lib/db/users.ts";
import { updateTeamSettings } from "../../lib/teams/settings.ts";
import { addPlayer } from "../../lib/roster/manage.ts";
import { IMPORT_MESSAGES, importRosterCsv } from "../../lib/roster/import.ts";
import { parseSignup, startSignup, verifySignup } from "../../lib/signup/verification.ts";
import { SIGNUP_MESSAGES } from "../../lib/signup/rules.ts";
import { confirmEmailChange, stageEmailChangeRequest } from "../../lib/accounts/email_change.ts";
import {
  createFamilyCalendarLink,
  getFamilyCalendarLink,
  revokeFamilyCalendarLink,
} from "../../lib/calendar/subscription.ts";

const APP_URL = "http://goalmates.test";
const DEFAULT_CONFLICT = new ConflictError().message;

/** The same database, where every atomic change also checks a key no one writes as written: each commit loses. */
function losingKv(kv: Deno.Kv): Deno.Kv {
  return new Proxy(kv, {
    get(target, name) {
      if (name === "atomic") {
        return () => target.atomic().check({ key: ["never written"], versionstamp: "00000000000000010000" });
      }
      const value = Reflect.get(target, name);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const conflict = (message: string) => (error: unknown) => error instanceof ConflictError && error.message === message;

Deno.test("[lost commits] team settings, a new player and a roster import answer 409 and save nothing", async () => {
  using kv = await Deno.openKv(":memory:");
  const { team } = await seedTeam(kv);
  const change = { kv: losingKv(kv), teamId: team.id, actor: "Coach", now: NOW };

  await assert.rejects(
    updateTeamSettings(change.kv, team.id, { name: "Renamed" }, "Coach", NOW),
    conflict(DEFAULT_CONFLICT),
  );
  assert.equal((await getTeam(kv, team.id))?.name, team.name);

  const before = (await listPlayers(kv, team.id)).length;
  const input = { firstName: "Ana", lastName: "Diaz", jerseyNumber: 42, position: null };
  await assert.rejects(addPlayer(change, input), conflict(DEFAULT_CONFLICT));
  await assert.rejects(
    importRosterCsv(change, `${HEADER}\nAna,Diaz,42,,\n`, { dryRun: false }),
    conflict(IMPORT_MESSAGES.interrupted),
  );
  assert.equal((await listPlayers(kv, team.id)).length, before);

  await addPlayer({ ...change, kv }, input);
  assert.equal((await listPlayers(kv, team.id)).length, before + 1, "the same change gets through a free database");
});

Deno.test("[lost commits] a signup link stays unused and says it is invalid", async () => {
  using kv = await Deno.openKv(":memory:");
  await startSignup({ kv, appUrl: APP_URL, ip: "203.0.113.8", now: NOW }, parseSignup(SIGNUP_BODY));
  const token = await tokenFromMail(kv, "jordan@example.com", "/signup/verify");
  await assert.rejects(
    verifySignup(losingKv(kv), token, NOW),
    (error) => error instanceof ValidationError && error.message === SIGNUP_MESSAGES.invalidLink,
  );
  assert.equal((await verifySignup(kv, token, NOW)).team.slug, "harbor-hawks", "the link was not spent");
});

Deno.test("[lost commits] an e-mail change link answers 'invalid' and still works afterwards", async () => {
  using kv = await Deno.openKv(":memory:");
  const { team } = await seedTeam(kv);
  const user = await createAccount(kv, { email: "wendy@example.com", teamId: team.id });
  const op = kv.atomic();
  await stageEmailChangeRequest({ kv, appUrl: APP_URL, now: NOW }, op, user, "wendy.new@example.com");
  assert.ok((await op.commit()).ok);
  const token = await tokenFromMail(kv, "wendy.new@example.com", "/account/email");

  assert.deepEqual(await confirmEmailChange({ kv: losingKv(kv), appUrl: APP_URL, now: NOW }, token), {
    status: "invalid",
  });
  assert.equal((await getUser(kv, user.id))?.email, "wendy@example.com");
  assert.deepEqual(await confirmEmailChange({ kv, appUrl: APP_URL, now: NOW }, token), {
    status: "changed",
    email: "wendy.new@example.com",
  });
});

Deno.test("[lost commits] a family calendar link is neither made nor turned off (409)", async () => {
  using kv = await Deno.openKv(":memory:");
  const user = await createAccount(kv, { email: "parent@example.com" });
  await assert.rejects(createFamilyCalendarLink(losingKv(kv), user.id, NOW), conflict(DEFAULT_CONFLICT));
  assert.equal(await getFamilyCalendarLink(kv, user.id), null);

  const link = await createFamilyCalendarLink(kv, user.id, NOW);
  await assert.rejects(revokeFamilyCalendarLink(losingKv(kv), user.id), conflict(DEFAULT_CONFLICT));
  assert.deepEqual(await getFamilyCalendarLink(kv, user.id), link);
});
