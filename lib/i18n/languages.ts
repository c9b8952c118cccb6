/**
 * The languages GoalMates speaks (issue 24) and how a request's language is chosen. Pure: pages,
 * islands, routes and mail use it.
 */
export const LANGUAGES = ["en", "es"] as const;
export type Language = typeof LANGUAGES[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** Each language named in itself, as the switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", es: "Español" };

/** The cookie that remembers a visitor's choice (a signed-in person's is on their account). */
export const LANGUAGE_COOKIE = "gm_lang";

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** The `gm_lang` cookie's value in a raw Cookie header (the fast path reads it without parsing cookies). */
const LANGUAGE_IN_COOKIE = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}\\s*=\\s*([a-z]{2})\\b`);

/**
 * The language of an anonymous request, from its headers alone: the switch's cookie, else
 * `Accept-Language`. The public fast path keys its responses by it (routes/fast_path.ts).
 */
export function visitorLanguage(cookieHeader: string | null, acceptLanguage: string | null): Language {
  const chosen = cookieHeader ? LANGUAGE_IN_COOKIE.exec(cookieHeader)?.[1] : undefined;
  return isLanguage(chosen) ? chosen : languageFromAcceptLanguage(acceptLanguage);
}

/** At most this much of an Accept-Language header is read: a real one is a few dozen bytes. */
const MAX_HEADER = 512;

/**
 * The language of an `Accept-Language` header: the supported one the visitor ranks highest
 * (any `es-*` is Spanish), else English. `q=0` means "not this one".
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  let best: Language = DEFAULT_LANGUAGE;
  let bestQ = 0;
  for (const [index, part] of header.slice(0, MAX_HEADER).split(",").entries()) {
    const [tag, ...params] = part.trim().split(";");
    const primary = tag.trim().toLowerCase().split("-")[0];
    if (!isLanguage(primary)) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    if (!(weight > 0) || weight > 1) continue;
    // Ties keep the earlier one; a tiny index bias keeps that without a second pass.
    const score = weight - index * 1e-6;
    if (score > bestQ) [best, bestQ] = [primary, score];
  }
  return best;
}
