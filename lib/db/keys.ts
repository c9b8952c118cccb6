/**
 * The whole Deno KV key schema. Repositories build keys only through these functions.
 * Primary keys nest under their parent; `<entity>_by_<field>` keys are indexes
 * (unique ones end at the value and hold the id).
 */
export const keys = {
  team: (teamId: string) => ["teams", teamId] as const,
  allTeams: () => ["teams"] as const,
  teamBySlug: (slug: string) => ["teams_by_slug", slug] as const,
  /** Rewritten in every commit that changes what a team's public pages show. */
  teamRevision: (teamId: string) => ["team_revisions", teamId] as const,

  player: (teamId: string, playerId: string) => ["players", teamId, playerId] as const,
  teamPlayers: (teamId: string) => ["players", teamId] as const,

  claim: (teamId: string, claimId: string) => ["claims", teamId, claimId] as const,
  teamClaims: (teamId: string) => ["claims", teamId] as const,
  claimByStatus: (teamId: string, status: string, claimId: string) =>
    ["claims_by_status", teamId, status, claimId] as const,
  /** Unique while a claim is pending: one open claim per e-mail and subject. */
  pendingClaimBySubject: (teamId: string, subject: string, email: string) =>
    ["pending_claims_by_subject", teamId, subject, email] as const,

  /** Development outbox: mail kept instead of sent when no SMTP server is configured. */
  outboxMail: (mailId: string) => ["outbox", mailId] as const,
  outbox: () => ["outbox"] as const,
  /** A message waiting to be delivered; deleted only once sent (or moved to failed). */
  pendingMail: (mailId: string) => ["mail_pending", mailId] as const,
  pendingMails: () => ["mail_pending"] as const,
  failedMail: (mailId: string) => ["mail_failed", mailId] as const,

  rateLimit: (bucket: string, subject: string, window: number) => ["rate_limits", bucket, subject, window] as const,
} as const;
