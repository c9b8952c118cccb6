/** Where the sign-in screens lead; shared by the page routes and the islands. */

export type LoginTab = "magic" | "password";

/** The tabs of `/team-login`, in order (their names: the `login` area's `tabs`). */
export const LOGIN_TABS: readonly LoginTab[] = ["magic", "password"];

/** Where a system administrator lands after signing in without a `next`: the System Console. */
export const SYSADMIN_HOME = "/sysadmin";

/** `/team-login` opened at `tab`, carrying `next` (already checked to be a local path). */
export function teamLoginHref(tab: LoginTab, next: string): string {
  const query = new URLSearchParams();
  if (tab === "password") query.set("tab", "password");
  if (next) query.set("next", next);
  const search = query.toString();
  return search ? `/team-login?${search}` : "/team-login";
}
