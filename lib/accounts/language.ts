/**
 * A person's language on their account (issue 24): chosen with the switch on any page, it is
 * their language on every device they sign in on, and the language of their mail.
 */
import { getUserEntry, stageUserUpdate, type User } from "../db/users.ts";
import { commitOrConflict, retryOnConflict } from "../db/change.ts";
import { beginChange } from "../db/kv.ts";
import type { Language } from "../i18n/languages.ts";

/** Saves the person's language (nothing to do when it is already theirs). False when the account is gone. */
export async function setAccountLanguage(kv: Deno.Kv, userId: string, language: Language): Promise<boolean> {
  return await retryOnConflict(async () => {
    const entry = await getUserEntry(kv, userId);
    if (!entry.value) return false;
    if (entry.value.language !== language) {
      // Language shows on no team's page, so no team revision moves.
      const op = beginChange(kv);
      stageUserUpdate(op, entry as Deno.KvEntry<User>, { language });
      await commitOrConflict(op);
    }
    return true;
  }, { attempts: 5 });
}
