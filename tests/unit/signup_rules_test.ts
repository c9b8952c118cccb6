// The signup rules for a coach with no child on the team, and the wizard adopting autofilled values.
import assert from "node:assert/strict";
import { checkSignup, checkSignupStep, readHasChildOnTeam } from "../../lib/signup/rules.ts";
import { EMPTY_SIGNUP, readSignupValues, withAdoptedValues } from "../../components/signup/wizard_flow.ts";

const ACCOUNT_AND_TEAM = {
  firstName: "Jordan",
  lastName: "Lee",
  email: "jordan@example.com",
  ageConfirmation: true,
  teamName: "Harbor Hawks",
  ageGroup: "U11",
  teamType: "girls",
};

Deno.test("[signup rules] hasChildOnTeam: absent or true keeps the player; only false drops it; else refused", () => {
  for (const yes of [undefined, true, "true"]) assert.equal(readHasChildOnTeam(yes), true, String(yes));
  for (const no of [false, "false"]) assert.equal(readHasChildOnTeam(no), false, String(no));
  for (const odd of [null, 0, 1, "", "no", "FALSE", [false], {}]) {
    assert.equal(readHasChildOnTeam(odd), null, JSON.stringify(odd));
  }
});

Deno.test("[signup rules] the player step: required with a child, not asked of a coach", () => {
  assert.equal(checkSignupStep("player", {})?.fields.join(), "playerFirstName,playerLastName,playerJerseyNumber");
  assert.equal(checkSignupStep("player", { hasChildOnTeam: true })?.title, "Please fill all player details");
  assert.equal(checkSignupStep("player", { hasChildOnTeam: false }), null);
  assert.equal(checkSignupStep("player", { hasChildOnTeam: "false", playerJerseyNumber: "500" }), null);
  assert.deepEqual(checkSignupStep("player", { hasChildOnTeam: "maybe" }), {
    step: "player",
    title: "Please choose an option",
    message: "Please say whether you have a child on this team.",
    fields: ["hasChildOnTeam"],
  });
});

Deno.test("[signup rules] checkSignup: a coach's payload carries no player; the spec's payload is unchanged", () => {
  const coach = checkSignup({ ...ACCOUNT_AND_TEAM, hasChildOnTeam: false, playerFirstName: "Ignored" });
  assert.ok(coach.ok);
  assert.equal(coach.value.hasChildOnTeam, false);
  assert.deepEqual(
    [coach.value.playerFirstName, coach.value.playerLastName, coach.value.playerJerseyNumber],
    ["", "", null],
  );
  const parent = checkSignup({
    ...ACCOUNT_AND_TEAM,
    playerFirstName: "Riley",
    playerLastName: "Lee",
    playerJerseyNumber: "8",
  });
  assert.ok(parent.ok);
  assert.equal(parent.value.hasChildOnTeam, true);
  assert.equal(parent.value.playerJerseyNumber, 8);
});

Deno.test("[signup wizard] a form post reads the coach's choice; anything but 'false' keeps the player", () => {
  assert.equal(readSignupValues({ hasChildOnTeam: "false" }).hasChildOnTeam, false);
  for (const other of [undefined, "true", "x", ["false"]]) {
    assert.equal(readSignupValues({ hasChildOnTeam: other }).hasChildOnTeam, true, String(other));
  }
});

Deno.test("[signup wizard] values filled before hydration are adopted by field name", () => {
  const adopted = withAdoptedValues(EMPTY_SIGNUP, {
    firstName: "Casey",
    email: "casey@example.com",
    ageConfirmation: true,
    hasChildOnTeam: "false",
    action: "continue",
    constructor: "x",
  });
  assert.deepEqual(adopted, {
    ...EMPTY_SIGNUP,
    firstName: "Casey",
    email: "casey@example.com",
    ageConfirmation: true,
    hasChildOnTeam: false,
  });
  assert.equal(withAdoptedValues(adopted, { hasChildOnTeam: "true" }).hasChildOnTeam, true);
  assert.equal(withAdoptedValues(adopted, { ageConfirmation: false }).ageConfirmation, false);
});
