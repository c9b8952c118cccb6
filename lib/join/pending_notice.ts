/**
 * The address index of waiting claims and join requests, which `mailPendingRequestNotice`
 * (lib/auth/pending_request_notice.ts) reads when such an address asks for a sign-in link.
 */
import { indexPendingClaimsByEmail } from "../db/claims.ts";

/** Indexes by address the requests that were waiting before the index existed (a data migration). */
export async function indexPendingRequests(kv: Deno.Kv): Promise<number> {
  return await indexPendingClaimsByEmail(kv);
}
