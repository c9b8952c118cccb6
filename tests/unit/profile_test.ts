/** The profile rules of Account Settings → My Profile (lib/accounts/profile_rules.ts), shared by the island and the API. */
import assert from "node:assert/strict";
import {
  checkParentProfile,
  isValidPhone,
  MAX_ABOUT_ITEMS,
  PROFILE_MESSAGES,
} from "../../lib/accounts/profile_rules.ts";
import { checkProfileName } from "../../lib/accounts/profile.ts";
import { ValidationError } from "../../lib/errors.ts";

const valid = { firstName: "Wei", lastName: "Chen", email: "wei@example.com", phone: "" };

Deno.test("[profile] a phone is blank, or up to 30 digits, spaces and + - ( ) . with a digit", () => {
  for (const ok of ["", "555-0100", "+1 (555) 010-0100", "555.010.0100", "0".repeat(30)]) {
    assert.equal(isValidPhone(ok), true, ok);
  }
  for (const bad of ["call me", "555-0100 ext 4", "555_0100", "()", "+-.", "1".repeat(31), "555\n0100", "５５５"]) {
    assert.equal(isValidPhone(bad), false, bad);
  }
});

Deno.test("[profile] a valid form is cleaned: names trimmed, e-mail lowercased, phone trimmed", () => {
  const checked = checkParentProfile({
    firstName: "  Wei ",
    lastName: "Chen\u0000",
    email: "  Wei@Example.COM ",
    phone: " +1 555 0100 ",
  });
  assert.deepEqual(checked, {
    ok: true,
    value: { firstName: "Wei", lastName: "Chen", email: "wei@example.com", phone: "+1 555 0100" },
  });
});

Deno.test("[profile] phone may be left out or null (no phone)", () => {
  const { phone: _, ...withoutPhone } = valid;
  for (const body of [withoutPhone, { ...valid, phone: null }]) {
    const checked = checkParentProfile(body);
    assert.ok(checked.ok);
    assert.equal(checked.value.phone, "");
  }
});

Deno.test("[profile] each rule has its message, the first one is the summary", () => {
  const cases: [Record<string, unknown>, string, string][] = [
    [{ firstName: " " }, "firstName", PROFILE_MESSAGES.firstName],
    [{ lastName: "" }, "lastName", PROFILE_MESSAGES.lastName],
    [{ firstName: 7 }, "firstName", "First name is required"],
    [{ firstName: "x".repeat(51) }, "firstName", "First name must be at most 50 characters"],
    [{ lastName: "x".repeat(51) }, "lastName", "Last name must be at most 50 characters"],
    [{ email: "not-an-address" }, "email", "Please enter a valid email address"],
    [{ email: "" }, "email", "Please enter a valid email address"],
    [{ email: undefined }, "email", "Please enter a valid email address"],
    [{ phone: "call me" }, "phone", "Please enter a valid phone number"],
    [{ phone: 5550100 }, "phone", "Please enter a valid phone number"],
    [{ occupation: "x".repeat(101) }, "occupation", "Occupation must be at most 100 characters"],
    [{ occupation: 3 }, "occupation", "Occupation must be at most 100 characters"],
    [{ interests: "soccer" }, "interests", "Interests: at most 10, each at most 100 characters"],
    [{ interests: ["x".repeat(101)] }, "interests", "Interests: at most 10, each at most 100 characters"],
    [{ interests: [1] }, "interests", "Interests: at most 10, each at most 100 characters"],
    [
      { funFacts: Array.from({ length: MAX_ABOUT_ITEMS + 1 }, (_, i) => `fact ${i}`) },
      "funFacts",
      "Fun facts: at most 10, each at most 100 characters",
    ],
  ];
  for (const [change, field, message] of cases) {
    const checked = checkParentProfile({ ...valid, ...change });
    assert.equal(checked.ok, false, JSON.stringify(change));
    if (checked.ok) continue;
    assert.equal(checked.message, message);
    assert.deepEqual(checked.fields, { [field]: message });
  }
  const several = checkParentProfile({ firstName: "", lastName: "", email: "x", phone: "y" });
  assert.ok(!several.ok);
  assert.equal(several.message, "First name is required");
  assert.deepEqual(Object.keys(several.fields), ["firstName", "lastName", "email", "phone"]);
});

Deno.test("[profile] about fields: blank items dropped, 10 items of 100 characters allowed, left out = unchanged", () => {
  const ten = Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(100, "x"));
  const checked = checkParentProfile({
    ...valid,
    occupation: "  Nurse ",
    interests: ["Hiking", " ", "", ...ten.slice(0, 9)],
    funFacts: ten,
  });
  assert.ok(checked.ok);
  assert.equal(checked.value.occupation, "Nurse");
  assert.deepEqual(checked.value.interests, ["Hiking", ...ten.slice(0, 9)]);
  assert.deepEqual(checked.value.funFacts, ten);
  const plain = checkParentProfile(valid);
  assert.ok(plain.ok);
  assert.equal("occupation" in plain.value, false);
  assert.equal("interests" in plain.value, false);
  const cleared = checkParentProfile({ ...valid, occupation: null, interests: null, funFacts: [] });
  assert.ok(cleared.ok);
  assert.deepEqual([cleared.value.occupation, cleared.value.interests, cleared.value.funFacts], ["", [], []]);
});

Deno.test("[profile] a body that is not an object, or has an unknown field, is refused", () => {
  for (const body of [null, [], "Wei", 3]) {
    const checked = checkParentProfile(body);
    assert.deepEqual(checked, { ok: false, message: "Please send the profile as a JSON object", fields: {} });
  }
  const extra = checkParentProfile({ ...valid, photoUrl: "/objects/x.jpg" });
  assert.deepEqual(extra, { ok: false, message: "Unknown field: photoUrl", fields: {} });
});

Deno.test("[profile] the account page's name check keeps its rules and words", () => {
  assert.deepEqual(checkProfileName({ firstName: " Ada ", lastName: "Lovelace" }), {
    firstName: "Ada",
    lastName: "Lovelace",
  });
  assert.throws(() => checkProfileName({ firstName: "", lastName: "x".repeat(51) }), (error: unknown) => {
    assert.ok(error instanceof ValidationError);
    assert.equal(error.message, "First name is required");
    assert.deepEqual(error.fields, {
      firstName: "First name is required",
      lastName: "Last name must be at most 50 characters",
    });
    return true;
  });
});
