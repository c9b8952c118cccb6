/** Small browser helpers the sign-in islands share (API calls: lib/client/api.ts). */
import { toast } from "../../lib/client/toast.tsx";

export { useHydrated } from "../../lib/client/hydrated.ts";

/** localStorage keys of the last e-mail used on each sign-in form (SPEC.md section 9). */
export const REMEMBERED_EMAIL = {
  team: "goalmates.lastTeamEmail",
  admin: "goalmates.lastAdminEmail",
} as const;

export function readRememberedEmail(key: string): string {
  try {
    return localStorage.getItem(key) ?? "";
  } catch {
    return ""; // Storage can be switched off; the form simply starts empty.
  }
}

export function rememberEmail(key: string, email: string): void {
  try {
    localStorage.setItem(key, email);
  } catch {
    // Not remembering is harmless.
  }
}

export const failureToast = (title: string, description: string) =>
  toast({ title, description, variant: "destructive" });
