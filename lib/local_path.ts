/**
 * Where a `next` parameter may send a browser: a path on this site, never another origin.
 *
 * R20: a redirect target taken from a link or a form is resolved the way a browser resolves a
 * `Location` header, against an origin of ours, and kept only when that origin is unchanged
 * and the result starts with a single "/". Resolving first (rather than only looking at the
 * first characters) is what catches "/..//evil.example", which a browser collapses to the
 * protocol-relative "//evil.example". Control characters and backslashes are refused outright:
 * browsers drop tabs and newlines and read "\" as "/", so "/\t/evil" and "/\\evil" are
 * "//evil" to them. The origin used is a placeholder: only the path of the result is
 * returned, so it means the same against the app's real origin.
 */
const PLACEHOLDER_ORIGIN = "https://app.goalmates.invalid";
const MAX_NEXT_LENGTH = 2000;
// deno-lint-ignore no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

/** `next` as a local path ("/home", "/teams/x?tab=1#a"), else `fallback`. */
export function safeLocalPath(next: unknown, fallback: string): string {
  if (typeof next !== "string" || next.length > MAX_NEXT_LENGTH) return fallback;
  if (!next.startsWith("/") || UNSAFE_CHARACTERS.test(next)) return fallback;
  const path = resolveLocally(next);
  // Checked twice: the result must itself resolve to the same path on our origin, so that
  // whatever reads it next (a browser, or this function when the token is spent) agrees.
  return path !== null && resolveLocally(path) === path ? path : fallback;
}

function resolveLocally(candidate: string): string | null {
  let url: URL;
  try {
    url = new URL(candidate, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null;
  const path = url.pathname + url.search + url.hash;
  return path.startsWith("/") && !path.startsWith("//") ? path : null;
}
