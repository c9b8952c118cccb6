/**
 * The words lib/client shows by itself: the signed-out toast, a server that cannot be reached,
 * the toast's close button. Islands never load the catalogue, so `mountIsland` hands these over
 * from the `common` area every island's page writes (lib/i18n/island_areas.ts), in the page's
 * language. The English is the catalogue's own (en/common.ts reads it from here): it
 * also answers before any island has mounted, and in the tests that call lib/client directly.
 */
export const ENGLISH_CLIENT_TEXTS = {
  /** SPEC.md section 2: what a person sees when their session has ended. */
  signedOut: "Unauthorized - You are logged out. Logging in again...",
  /** When a request never reached the server (SPEC.md's sign-in wording). */
  cannotConnect: "Unable to connect to server",
  dismissNotification: "Dismiss notification",
};

export type ClientTexts = typeof ENGLISH_CLIENT_TEXTS;

let texts: ClientTexts = ENGLISH_CLIENT_TEXTS;

/** Called by `mountIsland` with the page's language's texts. */
export function setClientTexts(next: ClientTexts | undefined): void {
  if (next) texts = next;
}

export const clientTexts = (): ClientTexts => texts;
