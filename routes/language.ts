/**
 * Which language a request is answered in (issue 24), and the switch that changes it.
 *
 * - A signed-in person: the language on their account, once they chose one (every device).
 * - Anyone else, or a person who never chose: the `gm_lang` cookie the switch set, else the
 *   browser's `Accept-Language` (any `es-*` is Spanish), else English.
 *
 * The switch is a form on every page (`POST /language`, no JavaScript needed): it sets the
 * cookie and, signed in, the account, then goes back to the page it came from.
 */
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { setCookie } from "hono/cookie";
import type { AppEnv } from "./app_env.ts";
import { formBody, readForm } from "./http.ts";
import { getSessionUser, requestLanguage } from "./auth_middleware.ts";
import { DEFAULT_LANGUAGE, isLanguage, type Language, LANGUAGE_COOKIE } from "../lib/i18n/languages.ts";
import { setAccountLanguage } from "../lib/accounts/mod.ts";
import { safeLocalPath } from "../lib/local_path.ts";
import { translateMessage } from "../lib/i18n/translate.ts";

const ONE_YEAR_S = 365 * 24 * 60 * 60;

// Decided where the session is read (teamViewerFor needs it too); pages and calls read it from here.
export { requestLanguage };

/** What a page needs for its language: the language and its own path (where the switch comes back to). */
export async function pageLanguage(c: Context<AppEnv>): Promise<{ lang: Language; path: string }> {
  return { lang: await requestLanguage(c), path: c.req.path };
}

export const languageRoutes = new Hono<AppEnv>()
  .post("/", formBody, async (c) => {
    const form = await readForm(c);
    const back = safeLocalPath(form.next, "/");
    const chosen = form.language;
    if (!isLanguage(chosen)) return c.redirect(back, 303);
    setCookie(c, LANGUAGE_COOKIE, chosen, {
      path: "/",
      maxAge: ONE_YEAR_S,
      sameSite: "Lax",
      httpOnly: true,
      secure: c.var.deps.config.appUrl.startsWith("https:"),
    });
    const user = await getSessionUser(c);
    if (user?.kind === "person") await setAccountLanguage(c.var.deps.kv, user.id, chosen);
    return c.redirect(back, 303);
  });

/** A JSON answer larger than this is data, not a message: it is sent as it is. */
const MAX_TRANSLATED_BODY = 32 * 1024;

/**
 * Puts the `message`, `warning` and field messages of a JSON answer in the request's language
 * (issue 24 item 4): lib/ and the routes write them from the English catalogue, and this finds
 * each one's entry (lib/i18n/translate.ts). English answers pass untouched and unread.
 */
export const translateApiMessages: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const lang = await requestLanguage(c).catch(() => DEFAULT_LANGUAGE);
  if (lang === DEFAULT_LANGUAGE) return;
  const res = c.res;
  if (!(res.headers.get("content-type") ?? "").startsWith("application/json")) return;
  const length = Number(res.headers.get("content-length") ?? NaN);
  if (length > MAX_TRANSLATED_BODY) return;
  const text = await res.clone().text();
  if (text.length > MAX_TRANSLATED_BODY || !/"(?:message|warning|fields)"/.test(text)) return;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return;
  const record = body as Record<string, unknown>;
  for (const key of ["message", "warning"]) {
    if (typeof record[key] === "string") record[key] = translateMessage(record[key] as string, lang);
  }
  if (typeof record.fields === "object" && record.fields !== null) {
    const fields = record.fields as Record<string, unknown>;
    for (const [name, value] of Object.entries(fields)) {
      if (typeof value === "string") fields[name] = translateMessage(value, lang);
    }
  }
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  headers.set("content-language", lang);
  c.res = new Response(JSON.stringify(record), { status: res.status, statusText: res.statusText, headers });
};
