import assert from "node:assert/strict";
import {
  belongsTo,
  CATEGORY_NAMES,
  checkEssential,
  ESSENTIAL_CATEGORIES,
  ESSENTIAL_MESSAGES,
  groupByCategory,
  isValidLink,
} from "../../lib/essentials/rules.ts";

const valid = {
  category: "Equipment",
  subcategory: "Cleats",
  name: "Adidas Copa",
  description: "Wide fit, good on grass.",
  link: "https://example.com/copa",
};

Deno.test("[essentials] the categories and subcategories are SPEC.md section 9's, in order", () => {
  assert.deepEqual(ESSENTIAL_CATEGORIES, {
    Equipment: ["Balls", "Cleats", "Shin Guards", "Goalkeeper Gear", "Training Equipment"],
    Apparel: ["Jerseys", "Shorts", "Socks", "Warm-up Gear", "Rain Gear"],
    Accessories: ["Bags", "Water Bottles", "Snacks", "First Aid", "Team Spirit"],
    Travel: ["Tournaments", "Hotels", "Transportation", "Dining", "Entertainment"],
  });
  assert.deepEqual(CATEGORY_NAMES, ["Equipment", "Apparel", "Accessories", "Travel"]);
  assert.equal(belongsTo("Equipment", "Cleats"), true);
  assert.equal(belongsTo("Travel", "Cleats"), false);
});

Deno.test("[essentials] SPEC.md section 5's messages, word for word, the first missing field as the summary", () => {
  assert.deepEqual(ESSENTIAL_MESSAGES.category, "Category is required");
  assert.deepEqual(ESSENTIAL_MESSAGES.subcategory, "Subcategory is required");
  assert.deepEqual(ESSENTIAL_MESSAGES.name, "Item name is required");
  assert.deepEqual(ESSENTIAL_MESSAGES.description, "Description is required");
  assert.deepEqual(ESSENTIAL_MESSAGES.link, "Please enter a valid URL");
  assert.deepEqual(checkEssential({}), {
    ok: false,
    message: "Category is required",
    fields: {
      category: "Category is required",
      subcategory: "Subcategory is required",
      name: "Item name is required",
      description: "Description is required",
    },
  });
  const blanks = checkEssential({ ...valid, name: "   ", description: "\n\t" });
  assert.deepEqual(blanks, {
    ok: false,
    message: "Item name is required",
    fields: { name: "Item name is required", description: "Description is required" },
  });
  const noSub = checkEssential({ ...valid, subcategory: "" });
  assert.equal(!noSub.ok && noSub.message, "Subcategory is required");
  // Values of the wrong type read as missing.
  const wrongTypes = checkEssential({ category: 3, subcategory: [], name: {}, description: true });
  assert.equal(!wrongTypes.ok && Object.keys(wrongTypes.fields).length, 4);
});

Deno.test("[essentials] the category must be one of the list and the subcategory one of its own", () => {
  const unknown = checkEssential({ ...valid, category: "Food" });
  assert.deepEqual(!unknown.ok && unknown.fields, { category: ESSENTIAL_MESSAGES.categoryUnknown });
  const mismatch = checkEssential({ ...valid, category: "Travel", subcategory: "Cleats" });
  assert.deepEqual(!mismatch.ok && mismatch.fields, { subcategory: "Please choose a subcategory of Travel" });
  // Inherited names are not categories.
  assert.equal(checkEssential({ ...valid, category: "constructor" }).ok, false);
  assert.equal(checkEssential({ ...valid, category: "__proto__" }).ok, false);
});

Deno.test("[essentials] a valid item is cleaned; an empty or absent link is none", () => {
  assert.deepEqual(checkEssential({ ...valid, name: "  Adidas\u0000Copa  ", link: " https://example.com/copa " }), {
    ok: true,
    value: { ...valid, name: "Adidas Copa", link: "https://example.com/copa" },
  });
  for (const link of ["", "   ", null, undefined]) {
    const check = checkEssential({ ...valid, link });
    assert.equal(check.ok && check.value.link, null, String(link));
  }
});

Deno.test("[essentials] the link is an http(s) address or refused with 'Please enter a valid URL'", () => {
  for (
    const ok of [
      "http://example.com",
      "https://shop.example.co.uk/a/b?c=1#d",
      "HTTPS://EXAMPLE.COM",
      "https://xn--bcher-kva.example/",
    ]
  ) {
    assert.equal(isValidLink(ok), true, ok);
  }
  for (
    const bad of [
      "example.com",
      "www.example.com",
      "javascript:alert(1)",
      "data:text/html,hi",
      "ftp://example.com",
      "https://",
      "https:///path",
      "https:example.com",
      "https://exa mple.com",
      "mailto:a@example.com",
      "//example.com",
    ]
  ) {
    assert.equal(isValidLink(bad), false, bad);
    const check = checkEssential({ ...valid, link: bad });
    assert.deepEqual(!check.ok && check.fields, { link: "Please enter a valid URL" }, bad);
  }
  const notText = checkEssential({ ...valid, link: 42 });
  assert.deepEqual(!notText.ok && notText.fields, { link: "Please enter a valid URL" });
});

Deno.test("[essentials] name, description and link are bounded, with clear messages", () => {
  assert.equal(checkEssential({ ...valid, name: "n".repeat(100) }).ok, true);
  assert.equal(checkEssential({ ...valid, name: "😀".repeat(100) }).ok, true, "characters, not UTF-16 units");
  const longName = checkEssential({ ...valid, name: "n".repeat(101) });
  assert.deepEqual(!longName.ok && longName.fields, { name: "Item name must be at most 100 characters" });
  const hugeName = checkEssential({ ...valid, name: "n".repeat(100_000) });
  assert.deepEqual(!hugeName.ok && hugeName.fields, { name: "Item name must be at most 100 characters" });
  assert.equal(checkEssential({ ...valid, description: "d".repeat(500) }).ok, true);
  const longText = checkEssential({ ...valid, description: "d".repeat(501) });
  assert.deepEqual(!longText.ok && longText.fields, { description: "Description must be at most 500 characters" });
  const link = `https://example.com/${"a".repeat(2_000 - 20)}`;
  assert.equal(link.length, 2_000);
  assert.equal(checkEssential({ ...valid, link }).ok, true);
  const longLink = checkEssential({ ...valid, link: `${link}a` });
  assert.deepEqual(!longLink.ok && longLink.fields, { link: "Link must be at most 2,000 characters" });
});

Deno.test("[essentials] a body that is not an object, or with an unknown field, is refused", () => {
  for (const body of [null, [], "x", 3]) {
    assert.deepEqual(checkEssential(body), { ok: false, message: ESSENTIAL_MESSAGES.body, fields: {} });
  }
  assert.deepEqual(checkEssential({ ...valid, price: 3 }), { ok: false, message: "Unknown field: price", fields: {} });
});

Deno.test("[essentials] items group by category in SPEC.md's order, each group in list order", () => {
  const items = [
    { id: "5", category: "Travel" },
    { id: "4", category: "Equipment" },
    { id: "3", category: "Apparel" },
    { id: "2", category: "Equipment" },
  ];
  assert.deepEqual(groupByCategory(items), [
    ["Equipment", [items[1], items[3]]],
    ["Apparel", [items[2]]],
    ["Travel", [items[0]]],
  ]);
  assert.deepEqual(groupByCategory([]), []);
});
