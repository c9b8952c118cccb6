/**
 * A sign-in link asked for by an address whose claim or join request still waits for the team
 * admin: instead of silence (there is no account yet to sign in to), a mail saying so. Called by
 * `requestMagicLink` after its throttles, so the page answers exactly as for any other address.
 * Here, not in lib/join: the product folders import lib/auth, so lib/auth imports none of them.
 */
import { getClaims, listPendingClaimsOfEmail } from "../db/claims.ts";
import { getTeam } from "../db/teams.ts";
import { queueMail } from "../mail/mod.ts";
import { requestPendingMail } from "../mail/templates.ts";
import { DEFAULT_LANGUAGE, type Language } from "../i18n/languages.ts";

/**
 * Mails `email` that its request to join is waiting, when one is; true when it did. Lists the
 * teams whose request is still pending (a few at most: 5 per team, and the lookup is bounded).
 * `lang`: the sign-in request's (there is no account to have chosen one).
 */
export async function mailPendingRequestNotice(
  kv: Deno.Kv,
  email: string,
  now: Date,
  lang: Language = DEFAULT_LANGUAGE,
): Promise<boolean> {
  const pending = await listPendingClaimsOfEmail(kv, email, 10);
  const teamNames: string[] = [];
  for (const teamId of new Set(pending.map((p) => p.teamId))) {
    const ids = pending.filter((p) => p.teamId === teamId).map((p) => p.claimId);
    const [claims, team] = await Promise.all([getClaims(kv, teamId, ids), getTeam(kv, teamId)]);
    if (team && claims.some((c) => c?.status === "pending")) teamNames.push(team.name);
  }
  if (teamNames.length === 0) return false;
  await queueMail(
    kv,
    { to: { address: email }, kind: "request-pending", ...requestPendingMail({ teamNames }, lang) },
    now,
  );
  return true;
}
