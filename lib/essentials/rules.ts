/**
 * The Essentials' rules and texts (SPEC.md sections 5, 8 and 9), shared by the server and the
 * EssentialForm island: dependency-free.
 */
import { cleanText, unknownField, unknownFieldMessage } from "../text.ts";
import type { Checked } from "../validation.ts";

/** SPEC.md section 9: the categories, in order, and each one's subcategories. */
export const ESSENTIAL_CATEGORIES = {
  Equipment: ["Balls", "Cleats", "Shin Guards", "Goalkeeper Gear", "Training Equipment"],
  Apparel: ["Jerseys", "Shorts", "Socks", "Warm-up Gear", "Rain Gear"],
  Accessories: ["Bags", "Water Bottles", "Snacks", "First Aid", "Team Spirit"],
  Travel: ["Tournaments", "Hotels", "Transportation", "Dining", "Entertainment"],
} as const satisfies Record<string, readonly string[]>;

export type EssentialCategory = keyof typeof ESSENTIAL_CATEGORIES;
export const CATEGORY_NAMES = Object.keys(ESSENTIAL_CATEGORIES) as EssentialCategory[];

/** The longest name, description and link an item may have (characters). */
export const ESSENTIAL_LIMITS = { name: 100, description: 500, link: 2_000 } as const;

/** The fields an item is sent with; any other is refused ('Unknown field: x'). */
export const ESSENTIAL_FIELDS = ["category", "subcategory", "name", "description", "link"] as const;
export type EssentialField = typeof ESSENTIAL_FIELDS[number];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** SPEC.md section 5's messages word for word, and the server's own refusals. */
export const ESSENTIAL_MESSAGES = {
  category: "Category is required",
  categoryUnknown: "Please choose a category from the list",
  subcategory: "Subcategory is required",
  subcategoryMismatch: (category: string) => `Please choose a subcategory of ${category}`,
  name: "Item name is required",
  nameLength: `Item name must be at most ${ESSENTIAL_LIMITS.name} characters`,
  description: "Description is required",
  descriptionLength: `Description must be at most ${ESSENTIAL_LIMITS.description} characters`,
  link: "Please enter a valid URL",
  linkLength: "Link must be at most 2,000 characters",
  body: "Please send the recommendation as a JSON object",
  notFound: "Recommendation not found",
  notYours: "You can only remove recommendations you added",
  readOnly: "A system administrator can read the essentials but not add to them",
  rateLimited: (minutes: number) =>
    `You have added a lot of recommendations in a short time. Please try again in ${plural(minutes, "minute")}.`,
} as const;

/** What the section says (SPEC.md section 8's toast fallback among them). */
export const ESSENTIALS_TEXTS = {
  title: "The Essentials",
  intro: "Gear, apparel and travel tips the team recommends.",
  empty: "No recommendations yet",
  emptyHint: "Add the first item your team swears by.",
  formTitle: "Recommend an item",
  add: "Add",
  adding: "Adding…",
  more: "More recommendations",
  addedBy: (name: string) => `Added by ${name}`,
  remove: "Remove",
  removeLabel: (name: string) => `Remove ${name}`,
  opensNewTab: "(opens in a new tab)",
  chooseCategory: "Choose a category",
  chooseSubcategory: "Choose a subcategory",
  subcategoryHint: "Choose a category first",
  linkHint: "Optional: where to find it, starting with http:// or https://",
  labels: {
    category: "Category",
    subcategory: "Subcategory",
    name: "Item name",
    description: "Description",
    link: "Link (optional)",
  } satisfies Record<EssentialField, string>,
  /** SPEC.md section 8: the failed add's toast is the server's message, else this. */
  addFailed: "Failed to add recommendation",
  removeFailed: "Failed to remove recommendation",
  added: "Recommendation added",
  removed: "Recommendation removed",
  readOnly: "System administrators can read the essentials but not add to them.",
} as const;

/** An item as checked: every text cleaned, the link null when none was given. */
export interface EssentialInput {
  category: EssentialCategory;
  subcategory: string;
  name: string;
  description: string;
  link: string | null;
}

export const isCategory = (value: unknown): value is EssentialCategory =>
  typeof value === "string" && Object.hasOwn(ESSENTIAL_CATEGORIES, value);

/** Whether `subcategory` is one of `category`'s (SPEC.md section 9). */
export const belongsTo = (category: EssentialCategory, subcategory: string): boolean =>
  (ESSENTIAL_CATEGORIES[category] as readonly string[]).includes(subcategory);

/** Characters, not UTF-16 units: an emoji counts once. */
const length = (text: string) => [...text].length;

/**
 * An http(s) address a browser can open: `http://` or `https://`, a host, no spaces, at most
 * 2,000 characters. Checked on the trimmed text; the trimmed text is what is stored.
 */
export function isValidLink(value: string): boolean {
  const link = value.trim();
  if (link.length > ESSENTIAL_LIMITS.link || !/^https?:\/\/[^\s/?#]+\S*$/i.test(link)) return false;
  try {
    const url = new URL(link);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** A text field: cleaned, then its required and length rules. Longer raw input is refused before cleaning. */
function checkText(raw: unknown, max: number, required: string, tooLong: string) {
  const typed = typeof raw === "string" ? raw : "";
  if (typed.length > max * 4) return { ok: false as const, message: tooLong };
  const value = cleanText(typed);
  if (!value) return { ok: false as const, message: required };
  if (length(value) > max) return { ok: false as const, message: tooLong };
  return { ok: true as const, value };
}

/**
 * Checks an item as the API receives it (or as the form is about to send it): every field's
 * first message, the first of category, subcategory, name, description, link as the summary.
 */
export function checkEssential(body: unknown): Checked<EssentialInput> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, message: ESSENTIAL_MESSAGES.body, fields: {} };
  }
  const raw = body as Record<string, unknown>;
  const unknown = unknownField(raw, ESSENTIAL_FIELDS);
  if (unknown !== null) return { ok: false, message: unknownFieldMessage(unknown), fields: {} };
  const fields: Partial<Record<EssentialField, string>> = {};

  const category = typeof raw.category === "string" ? raw.category.trim() : "";
  if (!category) fields.category = ESSENTIAL_MESSAGES.category;
  else if (!isCategory(category)) fields.category = ESSENTIAL_MESSAGES.categoryUnknown;

  const subcategory = typeof raw.subcategory === "string" ? raw.subcategory.trim() : "";
  if (!subcategory) fields.subcategory = ESSENTIAL_MESSAGES.subcategory;
  else if (isCategory(category) && !belongsTo(category, subcategory)) {
    fields.subcategory = ESSENTIAL_MESSAGES.subcategoryMismatch(category);
  }

  const { name: maxName, description: maxDescription } = ESSENTIAL_LIMITS;
  const name = checkText(raw.name, maxName, ESSENTIAL_MESSAGES.name, ESSENTIAL_MESSAGES.nameLength);
  if (!name.ok) fields.name = name.message;
  const description = checkText(
    raw.description,
    maxDescription,
    ESSENTIAL_MESSAGES.description,
    ESSENTIAL_MESSAGES.descriptionLength,
  );
  if (!description.ok) fields.description = description.message;

  let link: string | null = null;
  if (raw.link !== undefined && raw.link !== null) {
    const typed = typeof raw.link === "string" ? raw.link.trim() : "-";
    if (typed.length > ESSENTIAL_LIMITS.link) fields.link = ESSENTIAL_MESSAGES.linkLength;
    else if (typed && !isValidLink(typed)) fields.link = ESSENTIAL_MESSAGES.link;
    else link = typed || null;
  }

  const first = ESSENTIAL_FIELDS.find((f) => fields[f] !== undefined);
  if (first) return { ok: false, message: fields[first]!, fields: fields as Record<string, string> };
  return {
    ok: true,
    value: {
      category: category as EssentialCategory,
      subcategory,
      name: (name as { value: string }).value,
      description: (description as { value: string }).value,
      link,
    },
  };
}

/** The items of a page grouped by category, in SPEC.md's category order; empty categories left out. */
export function groupByCategory<T extends { category: string }>(items: readonly T[]): [string, T[]][] {
  const groups = new Map<string, T[]>(CATEGORY_NAMES.map((c) => [c, []]));
  for (const item of items) {
    const group = groups.get(item.category);
    if (group) group.push(item);
    else groups.set(item.category, [item]);
  }
  return [...groups].filter(([, list]) => list.length > 0);
}
