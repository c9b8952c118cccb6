import { type Claim, listClaims } from "../db/claims.ts";
import { toCsv } from "../csv.ts";

/** A claim as the admin area shows it (the internal guard subject stays inside). */
export function claimView(claim: Claim) {
  const { subject: _subject, ...view } = claim;
  return { ...view, kind: claim.kind ?? "claim" };
}

export async function claimsOverview(kv: Deno.Kv, teamId: string) {
  const claims = await listClaims(kv, teamId);
  const count = (status: Claim["status"]) => claims.filter((c) => c.status === status).length;
  return {
    claims: claims.map(claimView),
    counts: { pending: count("pending"), approved: count("approved"), denied: count("denied") },
  };
}

/** Export Claims: one row per claim or join request, oldest first. */
export async function exportClaimsCsv(kv: Deno.Kv, teamId: string): Promise<string> {
  const claims = (await listClaims(kv, teamId)).reverse();
  return toCsv([
    [
      "type",
      "status",
      "createdAt",
      "decidedAt",
      "email",
      "parentName",
      "playerName",
      "mode",
      "jerseyNumber",
      "childSurname",
      "note",
    ],
    ...claims.map((c) => [
      c.kind === "join" ? `join request (${c.userType})` : "claim",
      c.status,
      c.createdAt,
      c.decidedAt ?? "",
      c.email,
      c.parentName ?? "",
      c.playerName ?? "",
      c.mode,
      c.jerseyNumber,
      c.childSurname ?? "",
      c.note,
    ]),
  ]);
}
