/**
 * What an island does when the server says the session is gone (401): SPEC.md's toast, in the
 * page's language, then, after 0.5 s, the team login, coming back here once signed in.
 */
import { toast } from "./toast.tsx";
import { clientTexts } from "../i18n/client_texts.ts";

/** SPEC.md section 9: the move to the login page 0.5 s after a detected logout. */
export const SIGNED_OUT_REDIRECT_MS = 500;

/** `login`: where to sign in again (the system administrator's console has its own). */
export function signedOut(login?: string): void {
  toast({ title: clientTexts().signedOut, variant: "destructive" });
  const next = encodeURIComponent(location.pathname + location.search);
  const to = login ?? `/team-login?next=${next}&reason=logged-out`;
  setTimeout(() => location.assign(to), SIGNED_OUT_REDIRECT_MS);
}
