/** What a team admin reviews: claims as the admin area shows them, their counts, and the CSV export. */
import { type Claim, type ClaimListOptions, countClaims, eachClaim, listClaims } from "../db/claims.ts";
import type { Page } from "../db/kv.ts";
import { toCsv } from "../csv.ts";

/** A claim as the admin area shows it (the internal guard subject stays inside). */
export function claimView(claim: Claim) {
  const { subject: _subject, ...view } = claim;
  return { ...view, kind: claim.kind ?? "claim" };
}

export type ClaimView = ReturnType<typeof claimView>;
export type ClaimCounts = Awaited<ReturnType<typeof countClaims>>;

/** A page of a team's claims as the admin sees them, newest first. */
export async function listClaimViews(
  kv: Deno.Kv,
  teamId: string,
  options: ClaimListOptions = {},
): Promise<Page<ClaimView>> {
  const page = await listClaims(kv, teamId, options);
  return { values: page.values.map(claimView), cursor: page.cursor };
}

/** `GET /api/admin/{teamId}/claims`: the counts and one page of claims. */
export async function claimsOverview(kv: Deno.Kv, teamId: string, options: ClaimListOptions = {}) {
  const [counts, page] = await Promise.all([countClaims(kv, teamId), listClaimViews(kv, teamId, options)]);
  return { counts, ...page };
}

export { countClaims };

/** Export Claims: one row per claim or join request, oldest first. */
export async function exportClaimsCsv(kv: Deno.Kv, teamId: string): Promise<string> {
  const rows: (string | number | null)[][] = [[
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
  ]];
  for await (const c of eachClaim(kv, teamId)) {
    rows.push([
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
    ]);
  }
  return toCsv(rows);
}
