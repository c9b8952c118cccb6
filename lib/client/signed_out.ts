/**
 * What an island does when the server says the session is gone (401): SPEC.md's toast, then,
 * after 0.5 s, the team login, coming back here once signed in.
 */
import { toast } from "./toast.tsx";
import { SIGNED_OUT_MESSAGE } from "./signed_out_text.ts";

/** SPEC.md section 9: the move to the login page 0.5 s after a detected logout. */
export const SIGNED_OUT_REDIRECT_MS = 500;

export function signedOut(): void {
  toast({ title: SIGNED_OUT_MESSAGE, variant: "destructive" });
  const next = encodeURIComponent(location.pathname + location.search);
  setTimeout(() => location.assign(`/team-login?next=${next}&reason=logged-out`), SIGNED_OUT_REDIRECT_MS);
}
