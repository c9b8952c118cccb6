/**
 * The Essentials' rules (SPEC.md sections 5 and 9), shared by the server and the EssentialForm
 * island: dependency-free. Their messages come in as an argument, in the page's language for the
 * island (`essentialMessages(m.essentials, t)`) and in English for the server (rules.ts), whose
 * routes put them into the request's language. Categories and subcategories are values (stored
 * and sent in English); the catalogue's `essentials.categories` and `subcategories` show them.
 */
import { cleanText, unknownField, unknownFieldMessage } from "../text.ts";
import type { Checked } from "../validation.ts";
import type { Message, Params } from "../i18n/format.ts";
import type { essentials } from "../i18n/en/essentials.ts";

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

/** What the Essentials' checks and calls say when they refuse, in one language. */
export interface EssentialMessages {
  category: string;
  categoryUnknown: string;
  subcategory: string;
  subcategoryMismatch: (category: string) => string;
  name: string;
  nameLength: string;
  description: string;
  descriptionLength: string;
  link: string;
  linkLength: string;
  body: string;
  notFound: string;
  notYours: string;
  readOnly: string;
  rateLimited: (minutes: number) => string;
}

/**
 * The Essentials' refusals from their catalogue area, filled in by `fill` (`format` in a
 * language, or `t`): a category named in the language the area shows it in.
 */
export function essentialMessages(
  area: Pick<typeof essentials, "errors" | "categories">,
  fill: (message: Message, params?: Params) => string,
): EssentialMessages {
  const { errors, categories } = area;
  return {
    ...errors,
    subcategoryMismatch: (category) =>
      fill(errors.subcategoryMismatch, { category: isCategory(category) ? categories[category] : category }),
    // Strings, so the short limits are never grouped; the link's is written as the language writes 2,000.
    nameLength: fill(errors.nameLength, { max: String(ESSENTIAL_LIMITS.name) }),
    descriptionLength: fill(errors.descriptionLength, { max: String(ESSENTIAL_LIMITS.description) }),
    linkLength: fill(errors.linkLength, { max: ESSENTIAL_LIMITS.link }),
    rateLimited: (minutes) => fill(errors.rateLimited, { count: minutes }),
  };
}

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
export function checkEssentialWith(messages: EssentialMessages, body: unknown): Checked<EssentialInput> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, message: messages.body, fields: {} };
  }
  const raw = body as Record<string, unknown>;
  const unknown = unknownField(raw, ESSENTIAL_FIELDS);
  if (unknown !== null) return { ok: false, message: unknownFieldMessage(unknown), fields: {} };
  const fields: Partial<Record<EssentialField, string>> = {};

  const category = typeof raw.category === "string" ? raw.category.trim() : "";
  if (!category) fields.category = messages.category;
  else if (!isCategory(category)) fields.category = messages.categoryUnknown;

  const subcategory = typeof raw.subcategory === "string" ? raw.subcategory.trim() : "";
  if (!subcategory) fields.subcategory = messages.subcategory;
  else if (isCategory(category) && !belongsTo(category, subcategory)) {
    fields.subcategory = messages.subcategoryMismatch(category);
  }

  const { name: maxName, description: maxDescription } = ESSENTIAL_LIMITS;
  const name = checkText(raw.name, maxName, messages.name, messages.nameLength);
  if (!name.ok) fields.name = name.message;
  const description = checkText(
    raw.description,
    maxDescription,
    messages.description,
    messages.descriptionLength,
  );
  if (!description.ok) fields.description = description.message;

  let link: string | null = null;
  if (raw.link !== undefined && raw.link !== null) {
    const typed = typeof raw.link === "string" ? raw.link.trim() : "-";
    if (typed.length > ESSENTIAL_LIMITS.link) fields.link = messages.linkLength;
    else if (typed && !isValidLink(typed)) fields.link = messages.link;
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
