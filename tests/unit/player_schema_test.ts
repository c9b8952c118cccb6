import assert from "node:assert/strict";
import fc from "fast-check";
import { checkNewPlayer, checkPlayerEdit, checkPlayerPatch } from "../../lib/roster/player_schema.ts";
import { checkNewPlayer as checkImportRow, parseNewPlayer, parsePlayerPatch } from "../../lib/roster/manage.ts";
import { PLAYER_MESSAGES } from "../../lib/roster/player_rules.ts";
import { checkForm, fail, pass } from "../../lib/validation.ts";
import { ValidationError } from "../../lib/errors.ts";

const ORIGIN = "https://goalmates.test";
const EDIT = { firstName: "Sofia", lastName: "Okafor", jerseyNumber: "5", position: "Midfielder", photoUrl: "" };
const NEW = { firstName: "Ana", lastName: "Lopez", jerseyNumber: 5 };
const JERSEY = "Jersey number must be between 0 and 99";

/** The three ways a jersey reaches the rules: the parent's edit, the admin's add, the admin's edit. */
const jerseyPaths = {
  edit: (jerseyNumber: unknown) => checkPlayerEdit({ ...EDIT, jerseyNumber }, ORIGIN),
  add: (jerseyNumber: unknown) => checkNewPlayer({ ...NEW, jerseyNumber }),
  patch: (jerseyNumber: unknown) => checkPlayerPatch({ jerseyNumber }, 2026),
};

Deno.test("[player rules] '7abc' and other non-numbers are refused on every path, with the same message", () => {
  for (const [path, check] of Object.entries(jerseyPaths)) {
    for (const bad of ["7abc", "12abc", "7.5", 7.5, "-1", -1, "seven", "0x10", "1e1", NaN, Infinity, null, true, [7]]) {
      assert.deepEqual(check(bad), { ok: false, message: JERSEY, fields: { jerseyNumber: JERSEY } }, `${path} ${bad}`);
    }
  }
});

Deno.test("[player rules] jersey boundaries 0 and 99 pass, 100 fails; digits may carry spaces", () => {
  for (const [path, check] of Object.entries(jerseyPaths)) {
    for (const [input, value] of [[0, 0], ["0", 0], [99, 99], ["99", 99], [" 12 ", 12], ["07", 7]] as const) {
      const result = check(input);
      assert.ok(result.ok, `${path} ${input}`);
      assert.equal(result.value.jerseyNumber, value, `${path} ${input}`);
    }
    for (const bad of [100, "100", 999]) assert.equal(check(bad).ok, false, `${path} ${bad}`);
  }
});

Deno.test("[player rules] a blank jersey reads as 0 on the parent's form only; the admin must give one", () => {
  const edit = checkPlayerEdit({ ...EDIT, jerseyNumber: " " }, ORIGIN);
  assert.ok(edit.ok);
  assert.equal(edit.value.jerseyNumber, 0);
  assert.equal(checkNewPlayer({ ...NEW, jerseyNumber: "" }).ok, false);
  assert.equal(checkNewPlayer({ firstName: "Ana", lastName: "Lopez" }).ok, false);
});

Deno.test("[player rules] names: required, at most 50 characters, cleaned the same on every form", () => {
  const long = "x".repeat(51);
  const cases: [unknown, string][] = [
    ["", "First name is required"],
    ["   ", "First name is required"],
    [42, "First name is required"],
    [undefined, "First name is required"],
    [long, "First name must be at most 50 characters"],
  ];
  for (const [firstName, message] of cases) {
    const expected = { ok: false, message, fields: { firstName: message } };
    assert.deepEqual(checkPlayerEdit({ ...EDIT, firstName }, ORIGIN), expected, String(firstName));
    assert.deepEqual(checkNewPlayer({ ...NEW, firstName }), expected, String(firstName));
    if (firstName !== undefined) assert.deepEqual(checkPlayerPatch({ firstName }, 2026), expected, String(firstName));
  }
  assert.deepEqual(checkNewPlayer({ ...NEW, lastName: long }), {
    ok: false,
    message: "Last name must be at most 50 characters",
    fields: { lastName: "Last name must be at most 50 characters" },
  });
  const fifty = "y".repeat(50);
  const ok = checkPlayerEdit({ ...EDIT, firstName: ` Ana \n  Mari\u0301a `, lastName: fifty }, ORIGIN);
  assert.ok(ok.ok);
  assert.deepEqual([ok.value.firstName, ok.value.lastName], ["Ana María", fifty]);
  const added = checkNewPlayer({ ...NEW, firstName: ` Ana \n  Mari\u0301a ` });
  assert.ok(added.ok);
  assert.equal(added.value.firstName, "Ana María");
});

Deno.test("[player rules] position: text up to 30 characters, blank is none", () => {
  for (
    const check of [
      (p: unknown) => checkPlayerEdit({ ...EDIT, position: p }, ORIGIN),
      (p: unknown) => checkNewPlayer({ ...NEW, position: p }),
    ]
  ) {
    const blank = check("  ");
    assert.ok(blank.ok);
    assert.equal(blank.value.position, null);
    assert.deepEqual(check("x".repeat(31)), {
      ok: false,
      message: "Position must be at most 30 characters",
      fields: { position: "Position must be at most 30 characters" },
    });
    assert.deepEqual(check(3), {
      ok: false,
      message: "Position must be text",
      fields: { position: "Position must be text" },
    });
    const kept = check(" Keeper ");
    assert.ok(kept.ok);
    assert.equal(kept.value.position, "Keeper");
  }
});

Deno.test("[player rules] photos only from this site", () => {
  const photo = (photoUrl: unknown) => checkPlayerEdit({ ...EDIT, photoUrl }, ORIGIN);
  assert.deepEqual(photo("not a url"), {
    ok: false,
    message: "Please enter a valid URL",
    fields: { photoUrl: "Please enter a valid URL" },
  });
  assert.equal(photo("javascript:alert(1)").ok, false);
  assert.equal((photo("https://tracker.example/p.png") as { message: string }).message, PLAYER_MESSAGES.photoElsewhere);
  for (const ok of ["/objects/p.png", `${ORIGIN}/objects/p.png`, "", null]) assert.ok(photo(ok).ok, String(ok));
  const none = photo("");
  assert.ok(none.ok);
  assert.equal(none.value.photoUrl, null);
});

Deno.test("[player rules] admin details: birth year, years playing, stats", () => {
  const stats = "Games, goals and assists must be whole numbers from 0 to 999";
  const cases: [unknown, string, string][] = [
    [{ birthYear: 1989 }, "birthYear", "Birth year must be between 1990 and 2026"],
    [{ birthYear: 2027 }, "birthYear", "Birth year must be between 1990 and 2026"],
    [{ birthYear: "2010" }, "birthYear", "Birth year must be between 1990 and 2026"],
    [{ yearsPlaying: 31 }, "yearsPlaying", "Years playing must be between 0 and 30"],
    [{ yearsPlaying: -1 }, "yearsPlaying", "Years playing must be between 0 and 30"],
    [{ stats: { gamesPlayed: -1, goals: 0, assists: 0 } }, "stats", stats],
    [{ stats: { gamesPlayed: 1000, goals: 0, assists: 0 } }, "stats", stats],
    [{ stats: { gamesPlayed: 1.5, goals: 0, assists: 0 } }, "stats", stats],
    [{ stats: { gamesPlayed: 1, goals: 0 } }, "stats", stats],
    [{ stats: "lots" }, "stats", stats],
    [{ stats: { gamesPlayed: 1, goals: 0, assists: 0, saves: 3 } }, "stats", "Unknown field: stats.saves"],
  ];
  for (const [body, field, message] of cases) {
    assert.deepEqual(
      checkPlayerPatch(body, 2026),
      { ok: false, message, fields: { [field]: message } },
      JSON.stringify(body),
    );
  }
  assert.deepEqual(
    checkPlayerPatch({ birthYear: 1990, yearsPlaying: 0, stats: { gamesPlayed: 999, goals: 0, assists: 0 } }, 2026),
    { ok: true, value: { birthYear: 1990, yearsPlaying: 0, stats: { gamesPlayed: 999, goals: 0, assists: 0 } } },
  );
  assert.deepEqual(checkPlayerPatch({ birthYear: null, yearsPlaying: null, stats: null }, 2026), {
    ok: true,
    value: { birthYear: null, yearsPlaying: null, stats: null },
  });
  assert.deepEqual(checkPlayerPatch({}, 2026), { ok: true, value: {} }, "a PATCH may change nothing");
});

Deno.test("[player rules] unknown fields are named first; a non-object body is refused", () => {
  assert.deepEqual(checkPlayerEdit({ ...EDIT, teamId: "t" }, ORIGIN), {
    ok: false,
    message: "Unknown field: teamId",
    fields: {},
  });
  const both = checkNewPlayer({ ...NEW, firstName: "", role: "TEAM_ADMIN" });
  assert.deepEqual(both, {
    ok: false,
    message: "Unknown field: role",
    fields: { firstName: "First name is required" },
  });
  assert.equal(
    (checkNewPlayer({ ...NEW, stats: { goals: 1 } }) as { message: string }).message,
    "Unknown field: stats",
  );
  assert.equal(
    (checkPlayerPatch({ photoUrl: "/objects/x.png" }, 2026) as { message: string }).message,
    "Unknown field: photoUrl",
  );
  for (const body of [null, [NEW], "x", 3]) {
    const expected = { ok: false, message: "Please send the player as a JSON object", fields: {} };
    assert.deepEqual(checkNewPlayer(body), expected);
    assert.deepEqual(checkPlayerEdit(body, ORIGIN), expected);
    assert.deepEqual(checkPlayerPatch(body, 2026), expected);
  }
});

Deno.test("[player rules] the first message is the summary; every field keeps its own", () => {
  assert.deepEqual(checkNewPlayer({ firstName: "", lastName: "", jerseyNumber: "7abc" }), {
    ok: false,
    message: "First name is required",
    fields: { firstName: "First name is required", lastName: "Last name is required", jerseyNumber: JERSEY },
  });
});

Deno.test("[player rules] the server's parse functions throw the same refusal; CSV rows list every message", () => {
  assert.throws(() => parseNewPlayer({ ...NEW, jerseyNumber: "7abc" }), (e: ValidationError) => {
    assert.ok(e instanceof ValidationError);
    assert.equal(e.message, JERSEY);
    assert.deepEqual(e.fields, { jerseyNumber: JERSEY });
    return true;
  });
  assert.throws(() => parsePlayerPatch({ jerseyNumber: "7abc" }, new Date("2026-05-01")), ValidationError);
  assert.deepEqual(parsePlayerPatch({ birthYear: 2026 }, new Date("2026-05-01")), { birthYear: 2026 });
  const row = checkImportRow({ firstName: "", lastName: "NoFirst", jerseyNumber: "100" });
  assert.ok(!row.ok);
  assert.deepEqual(row.fields, { firstName: "First name is required", jerseyNumber: JERSEY });
});

Deno.test("[player rules] the checks never throw, whatever they are given", () => {
  fc.assert(fc.property(fc.anything(), (input) => {
    for (const result of [checkPlayerEdit(input, ORIGIN), checkNewPlayer(input), checkPlayerPatch(input, 2026)]) {
      assert.equal(typeof result.ok, "boolean");
    }
  }));
  fc.assert(
    fc.property(
      fc.dictionary(fc.constantFrom("firstName", "lastName", "jerseyNumber", "position"), fc.anything()),
      (body) => {
        const result = checkNewPlayer(body);
        if (!result.ok) assert.ok(result.message);
      },
    ),
  );
});

Deno.test("[validation] checkForm gives the one Checked shape", () => {
  const texts = { body: "Send an object", unknownField: (n: string) => `Unknown: ${n}` };
  const rules = { n: (v: unknown) => typeof v === "number" ? pass(v) : fail("n must be a number") };
  assert.deepEqual(checkForm({ n: 1 }, rules, texts), { ok: true, value: { n: 1 } });
  assert.deepEqual(checkForm({ n: "1" }, rules, texts), {
    ok: false,
    message: "n must be a number",
    fields: { n: "n must be a number" },
  });
  assert.deepEqual(checkForm({}, rules, texts, true), { ok: true, value: {} });
  assert.deepEqual(checkForm({ n: 1, x: 2 }, rules, texts), { ok: false, message: "Unknown: x", fields: {} });
  assert.deepEqual(checkForm([], rules, texts), { ok: false, message: "Send an object", fields: {} });
});
