/**
 * The only cookies the app reads: a person's session, a system administrator's session, and the
 * one-player edit session an edit link opens. Served over https each name carries the
 * `__Host-` prefix (which requires Secure, Path=/ and no Domain).
 */
export const SESSION_COOKIES = { user: "gm_session", sysadmin: "gm_sysadmin", edit: "gm_edit" } as const;

// Hono's cookie parser trims around a name, so spaces before `=` still name the cookie.
const ANY_SESSION_COOKIE = new RegExp(
  `(?:^|;)\\s*(?:__Host-)?(?:${Object.values(SESSION_COOKIES).join("|")})\\s*=`,
);

/**
 * Whether a `Cookie` header holds a cookie the app reads: a request without one is anonymous,
 * whatever other cookies (set by someone else on this host) it carries.
 */
export function carriesSessionCookie(cookieHeader: string | null): boolean {
  return cookieHeader !== null && ANY_SESSION_COOKIE.test(cookieHeader);
}
