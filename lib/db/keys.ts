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
  /** How many teams there are (a KvU64), changed in the commit that creates or deletes a team's record. */
  teamCount: () => ["team_count"] as const,

  player: (teamId: string, playerId: string) => ["players", teamId, playerId] as const,
  teamPlayers: (teamId: string) => ["players", teamId] as const,
  allPlayers: () => ["players"] as const,

  claim: (teamId: string, claimId: string) => ["claims", teamId, claimId] as const,
  teamClaims: (teamId: string) => ["claims", teamId] as const,
  claimByStatus: (teamId: string, status: string, claimId: string) =>
    ["claims_by_status", teamId, status, claimId] as const,
  claimsWithStatus: (teamId: string, status: string) => ["claims_by_status", teamId, status] as const,
  teamClaimStatusIndex: (teamId: string) => ["claims_by_status", teamId] as const,
  /** Unique while a claim is pending: one open claim per e-mail and subject. */
  pendingClaimBySubject: (teamId: string, subject: string, email: string) =>
    ["pending_claims_by_subject", teamId, subject, email] as const,
  teamPendingClaimGuards: (teamId: string) => ["pending_claims_by_subject", teamId] as const,
  /**
   * The same open claim by address across teams (its guard's twin, written and deleted with it),
   * so asking for a sign-in link can tell someone whose request still waits.
   */
  pendingClaimByEmail: (email: string, teamId: string, subject: string) =>
    ["pending_claims_by_email", email, teamId, subject] as const,
  pendingClaimsOfEmail: (email: string) => ["pending_claims_by_email", email] as const,
  allPendingClaimGuards: () => ["pending_claims_by_subject"] as const,
  /**
   * Every claim and join request by address, whatever its status (written and deleted with the
   * claim in lib/db/claims.ts): a person's export and erasure find them in any team.
   */
  claimByEmail: (email: string, teamId: string, claimId: string) =>
    ["claims_by_email", email, teamId, claimId] as const,
  claimsOfEmail: (email: string) => ["claims_by_email", email] as const,
  allClaims: () => ["claims"] as const,
  /**
   * What a team admin has been told about new claims and join requests: when the last mail went
   * and what came in since (one mail per admin per 15 minutes at most).
   */
  requestDigest: (teamId: string, userId: string) => ["admin_request_digests", teamId, userId] as const,
  teamRequestDigests: (teamId: string) => ["admin_request_digests", teamId] as const,
  allRequestDigests: () => ["admin_request_digests"] as const,

  /** Development outbox: mail kept instead of sent when no SMTP server is configured. */
  outboxMail: (mailId: string) => ["outbox", mailId] as const,
  outbox: () => ["outbox"] as const,
  /** A message waiting to be delivered; deleted only once sent (or moved to failed). */
  pendingMail: (mailId: string) => ["mail_pending", mailId] as const,
  pendingMails: () => ["mail_pending"] as const,
  failedMail: (mailId: string) => ["mail_failed", mailId] as const,
  failedMails: () => ["mail_failed"] as const,

  user: (userId: string) => ["users", userId] as const,
  /** Unique: the account of a lowercased, trimmed e-mail address. */
  userByEmail: (email: string) => ["users_by_email", email] as const,
  /** A person's role in one team; `teamMember` is the same record indexed by team. */
  membership: (userId: string, teamId: string) => ["memberships", userId, teamId] as const,
  userMemberships: (userId: string) => ["memberships", userId] as const,
  /**
   * A team a person left or was removed from, where their posts and photos stay (issue 22):
   * their export and erasure visit it. The team-keyed twin lets deleting the team remove it.
   */
  formerMembership: (userId: string, teamId: string) => ["former_memberships", userId, teamId] as const,
  userFormerMemberships: (userId: string) => ["former_memberships", userId] as const,
  teamFormerMember: (teamId: string, userId: string) => ["team_former_members", teamId, userId] as const,
  teamFormerMembers: (teamId: string) => ["team_former_members", teamId] as const,
  teamMember: (teamId: string, userId: string) => ["team_members", teamId, userId] as const,
  teamMembers: (teamId: string) => ["team_members", teamId] as const,
  /** A parent of a player. */
  playerGuardian: (teamId: string, playerId: string, userId: string) =>
    ["player_guardians", teamId, playerId, userId] as const,
  playerGuardians: (teamId: string, playerId: string) => ["player_guardians", teamId, playerId] as const,
  teamGuardians: (teamId: string) => ["player_guardians", teamId] as const,
  /** A by-parent copy of guardian links that nothing read; no longer written, still swept on deletion. */
  legacyTeamGuardianIndex: (teamId: string) => ["guardian_players", teamId] as const,
  /** Shared team username and password (team login at /teams/{teamId}). */
  teamAccess: (teamId: string) => ["team_access", teamId] as const,
  /**
   * A parent e-mail an admin listed for a player (CSV import) before that person has an
   * account or link; `parentEmailInvite` is the same record indexed by e-mail, so signing
   * in by magic link can find every player the address was listed for.
   */
  playerParentEmail: (teamId: string, playerId: string, email: string) =>
    ["player_parent_emails", teamId, playerId, email] as const,
  playerParentEmails: (teamId: string, playerId: string) => ["player_parent_emails", teamId, playerId] as const,
  teamParentEmails: (teamId: string) => ["player_parent_emails", teamId] as const,
  parentEmailInvite: (email: string, teamId: string, playerId: string) =>
    ["player_parent_emails_by_email", email, teamId, playerId] as const,
  parentEmailInvites: (email: string) => ["player_parent_emails_by_email", email] as const,
  /**
   * A parent's request that their child be removed from the roster (issue 22), under its player so
   * that removing the player removes them; `openRemovalRequest` is unique while one waits.
   */
  removalRequest: (teamId: string, playerId: string, requestId: string) =>
    ["player_removal_requests", teamId, playerId, requestId] as const,
  playerRemovalRequests: (teamId: string, playerId: string) => ["player_removal_requests", teamId, playerId] as const,
  teamRemovalRequests: (teamId: string) => ["player_removal_requests", teamId] as const,
  openRemovalRequest: (teamId: string, playerId: string) => ["open_player_removal_requests", teamId, playerId] as const,
  teamOpenRemovalRequests: (teamId: string) => ["open_player_removal_requests", teamId] as const,
  /** A team whose deletion has started but whose records may not all be gone yet. */
  teamDeletion: (teamId: string) => ["team_deletions", teamId] as const,
  teamDeletions: () => ["team_deletions"] as const,
  /** An account whose erasure has started but whose records may not all be gone yet (lib/db/account_deletions.ts). */
  accountDeletion: (userId: string) => ["account_deletions", userId] as const,
  accountDeletions: () => ["account_deletions"] as const,

  /** Which notification mails a person wants (lib/db/notification_preferences.ts); none stored means all of them. */
  notificationPreferences: (userId: string) => ["notification_preferences", userId] as const,
  allNotificationPreferences: () => ["notification_preferences"] as const,
  /**
   * The weekly digest of a person for a week (named by its Sunday, lib/notifications/digest_week.ts):
   * written with the mail in one checked commit, so each week mails once (lib/db/weekly_digests.ts).
   */
  weeklyDigest: (userId: string, week: string) => ["weekly_digests", userId, week] as const,
  userWeeklyDigests: (userId: string) => ["weekly_digests", userId] as const,
  /** A zone whose Sunday-evening digest run of the week finished: later runs that week skip its teams. */
  weeklyDigestZone: (zone: string, week: string) => ["weekly_digest_zones", zone, week] as const,
  /**
   * A person's team news mail (lib/db/news_batches.ts): when the last one went and the posts
   * gathered since (one mail per person per hour at most, across their teams).
   */
  newsBatch: (userId: string) => ["news_batches", userId] as const,
  allNewsBatches: () => ["news_batches"] as const,
  /** A team admin's news post still being handed to the team's members (lib/db/news_fanouts.ts). */
  newsFanout: (teamId: string, postId: string) => ["news_fanouts", teamId, postId] as const,
  teamNewsFanouts: (teamId: string) => ["news_fanouts", teamId] as const,
  allNewsFanouts: () => ["news_fanouts"] as const,

  session: (sessionId: string) => ["sessions", sessionId] as const,
  /** Every open session of a user, so a password change can end the others. */
  userSession: (userId: string, sessionId: string) => ["user_sessions", userId, sessionId] as const,
  userSessions: (userId: string) => ["user_sessions", userId] as const,
  /**
   * A team's open sessions that exist because of the team: its shared login's ("user") and the
   * edit sessions its edit links opened ("edit"). Changing the team's credentials ends the first
   * kind; deleting the team sweeps both (the value is the session's absolute expiry).
   */
  teamSession: (teamId: string, kind: string, sessionId: string) => ["team_sessions", teamId, kind, sessionId] as const,
  teamSessionsOfKind: (teamId: string, kind: string) => ["team_sessions", teamId, kind] as const,
  teamSessions: (teamId: string) => ["team_sessions", teamId] as const,
  sysadmin: (email: string) => ["sysadmins", email] as const,
  sysadminSession: (sessionId: string) => ["sysadmin_sessions", sessionId] as const,

  /** Single-use e-mailed secrets, keyed by the SHA-256 of the token. */
  loginToken: (tokenHash: string) => ["login_tokens", tokenHash] as const,
  signupToken: (tokenHash: string) => ["signup_tokens", tokenHash] as const,
  /**
   * Who a sign-in link was for (address, scope, where it led), by the link's token hash: kept a
   * while after the link expires or is spent, so opening it late offers 'Send me a fresh link'.
   */
  loginLinkRenewal: (tokenHash: string) => ["login_link_renewals", tokenHash] as const,
  /** Every unspent link of a kind, and every renewal record (erasing an account searches them). */
  allLoginTokens: () => ["login_tokens"] as const,
  allSignupTokens: () => ["signup_tokens"] as const,
  allLoginLinkRenewals: () => ["login_link_renewals"] as const,
  allEditTokens: () => ["edit_tokens"] as const,
  /** A signup waiting for its e-mail to be verified, one per address. */
  pendingSignup: (email: string) => ["pending_signups", email] as const,

  /** Single-use edit links from claim approval, and the short edit sessions they open. */
  editToken: (tokenHash: string) => ["edit_tokens", tokenHash] as const,
  editSession: (sessionId: string) => ["edit_sessions", sessionId] as const,
  /** A team's unspent edit links (by token hash), so deleting the team deletes them too. */
  teamEditToken: (teamId: string, tokenHash: string) => ["team_edit_tokens", teamId, tokenHash] as const,
  teamEditTokens: (teamId: string) => ["team_edit_tokens", teamId] as const,

  /** The audit log: every entry once globally, and indexed by team. */
  auditEntry: (entryId: string) => ["audit", entryId] as const,
  audit: () => ["audit"] as const,
  teamAuditEntry: (teamId: string, entryId: string) => ["team_audit", teamId, entryId] as const,
  teamAudit: (teamId: string) => ["team_audit", teamId] as const,
  /** Audit entries by who they are about (an account id, an address, a record id), written and deleted with the entry. */
  auditBySubject: (subject: string, entryId: string) => ["audit_by_subject", subject, entryId] as const,
  auditOfSubject: (subject: string) => ["audit_by_subject", subject] as const,

  /** The team's current invite link, and its code → team id index (unique). */
  joinLink: (teamId: string) => ["join_links", teamId] as const,
  joinCode: (code: string) => ["join_codes", code] as const,
  /** How many times the current invite code was opened (a KvU64 counter). */
  joinLinkUses: (teamId: string, code: string) => ["join_link_uses", teamId, code] as const,
  teamJoinLinkUses: (teamId: string) => ["join_link_uses", teamId] as const,
  /**
   * A code Generate New replaced (its `joinCode` is kept as long): until when it still names its
   * team, so the join page can say 'This invite link has expired' rather than 'Team Not Found'.
   */
  replacedJoinCode: (teamId: string, code: string) => ["replaced_join_codes", teamId, code] as const,
  teamReplacedJoinCodes: (teamId: string) => ["replaced_join_codes", teamId] as const,

  // ---- Family dashboard (issue 9) ----

  /** Families: a team's households. A member (player or parent) belongs to at most one family per team. */
  family: (teamId: string, familyId: string) => ["families", teamId, familyId] as const,
  teamFamilies: (teamId: string) => ["families", teamId] as const,
  familyMember: (teamId: string, familyId: string, memberType: string, memberId: string) =>
    ["family_members", teamId, familyId, memberType, memberId] as const,
  familyMembers: (teamId: string, familyId: string) => ["family_members", teamId, familyId] as const,
  teamFamilyMembers: (teamId: string) => ["family_members", teamId] as const,
  /** Unique: the family of a player or parent in a team → familyId. */
  familyOfMember: (teamId: string, memberType: string, memberId: string) =>
    ["family_of_member", teamId, memberType, memberId] as const,
  teamFamilyOfMember: (teamId: string) => ["family_of_member", teamId] as const,

  /** The team feed; post ids are ULIDs, so a reverse list is newest first. */
  post: (teamId: string, postId: string) => ["posts", teamId, postId] as const,
  teamPosts: (teamId: string) => ["posts", teamId] as const,
  allPosts: () => ["posts"] as const,

  /** The Essentials: recommended items. */
  essential: (teamId: string, itemId: string) => ["essentials", teamId, itemId] as const,
  teamEssentials: (teamId: string) => ["essentials", teamId] as const,
  allEssentials: () => ["essentials"] as const,

  /**
   * Calendar events live in sets: a sync writes a whole new set, then one commit moves the
   * team's pointer `["event_sets", teamId]` to it, so no reader sees half a sync.
   */
  eventSetPointer: (teamId: string) => ["event_sets", teamId] as const,
  event: (teamId: string, setId: string, eventId: string) => ["events", teamId, setId, eventId] as const,
  eventSet: (teamId: string, setId: string) => ["events", teamId, setId] as const,
  teamEvents: (teamId: string) => ["events", teamId] as const,
  eventByStart: (teamId: string, setId: string, startMs: number, eventId: string) =>
    ["events_by_start", teamId, setId, startMs, eventId] as const,
  eventSetByStart: (teamId: string, setId: string) => ["events_by_start", teamId, setId] as const,
  teamEventsByStart: (teamId: string) => ["events_by_start", teamId] as const,
  allEvents: () => ["events"] as const,
  allEventsByStart: () => ["events_by_start"] as const,

  /** A team's connected calendar (one per team); `["calendars"]` lists them all for the sync job. */
  calendar: (teamId: string) => ["calendars", teamId] as const,
  allCalendars: () => ["calendars"] as const,
  /** Held while one instance syncs a team's calendar (R37). */
  calendarSyncLease: (teamId: string) => ["calendar_sync_leases", teamId] as const,
  /**
   * A sync's schedule changes still to mail to the team (lib/db/schedule_notices.ts): staged with
   * the swap of the event sets, deleted by the job's last page.
   */
  scheduleNotice: (teamId: string, noticeId: string) => ["schedule_notices", teamId, noticeId] as const,
  teamScheduleNotices: (teamId: string) => ["schedule_notices", teamId] as const,
  allScheduleNotices: () => ["schedule_notices"] as const,

  /** A person's private family-calendar subscription: by the token's hash, and theirs by person. */
  calendarFeedToken: (tokenHash: string) => ["calendar_feed_tokens", tokenHash] as const,
  userCalendarFeed: (userId: string) => ["calendar_feeds_by_user", userId] as const,

  /** Campaigns: global ones (teamId null, the system administrator's) and team-scoped ones. */
  campaign: (campaignId: string) => ["campaigns", campaignId] as const,
  allCampaigns: () => ["campaigns"] as const,
  /** A team-scoped campaign, by team (its record is `campaign(id)`). */
  teamCampaign: (teamId: string, campaignId: string) => ["team_campaigns", teamId, campaignId] as const,
  teamCampaigns: (teamId: string) => ["team_campaigns", teamId] as const,
  /** A global campaign (teamId null), so a dashboard lists them without reading every team's. */
  globalCampaign: (campaignId: string) => ["global_campaigns", campaignId] as const,
  globalCampaigns: () => ["global_campaigns"] as const,
  /** One person's answer, dismissal or snooze of a campaign. */
  campaignResponse: (campaignId: string, userId: string) => ["campaign_responses", campaignId, userId] as const,
  campaignResponses: (campaignId: string) => ["campaign_responses", campaignId] as const,

  /** A pending change of a person's e-mail, by the SHA-256 of the link sent to the new address. */
  emailChangeToken: (tokenHash: string) => ["email_change_tokens", tokenHash] as const,
  /** The one pending e-mail change of a person (a new request replaces it): its token hash and new address. */
  pendingEmailChange: (userId: string) => ["pending_email_changes", userId] as const,

  // ---- Photos (issue 13) ----

  /** A stored blob's manifest (written last: a blob without one does not exist) and its chunks (< 64 KiB each). */
  blob: (teamId: string, blobId: string) => ["blobs", teamId, blobId] as const,
  teamBlobs: (teamId: string) => ["blobs", teamId] as const,
  blobChunk: (teamId: string, blobId: string, index: number) => ["blob_chunks", teamId, blobId, index] as const,
  blobChunks: (teamId: string, blobId: string) => ["blob_chunks", teamId, blobId] as const,
  teamBlobChunks: (teamId: string) => ["blob_chunks", teamId] as const,
  /** A single-use upload URL's ticket, by its id (jti). */
  uploadTicket: (teamId: string, ticketId: string) => ["upload_tickets", teamId, ticketId] as const,
  teamUploadTickets: (teamId: string) => ["upload_tickets", teamId] as const,
  /** Raw uploads not yet processed (swept when never processed): the value is when they expire. */
  pendingUpload: (teamId: string, blobId: string) => ["pending_uploads", teamId, blobId] as const,
  pendingUploads: () => ["pending_uploads"] as const,
  teamPendingUploads: (teamId: string) => ["pending_uploads", teamId] as const,
  /** A guardian's consent to show a player's headshot on the public roster (R41): who agreed and when. */
  headshotConsent: (teamId: string, playerId: string) => ["headshot_consents", teamId, playerId] as const,
  teamHeadshotConsents: (teamId: string) => ["headshot_consents", teamId] as const,
  /** The team gallery; photo ids are ULIDs (newest first by a reverse list). */
  galleryPhoto: (teamId: string, photoId: string) => ["gallery_photos", teamId, photoId] as const,
  teamGalleryPhotos: (teamId: string) => ["gallery_photos", teamId] as const,
  allGalleryPhotos: () => ["gallery_photos"] as const,
  /** Every upload ticket (the sweep of expired ones). */
  uploadTickets: () => ["upload_tickets"] as const,
  /** A person's outstanding uploads in a team (at most 3 at once): ids and until when each counts. */
  uploadSlots: (teamId: string, person: string) => ["upload_slots", teamId, person] as const,
  teamUploadSlots: (teamId: string) => ["upload_slots", teamId] as const,
  allUploadSlots: () => ["upload_slots"] as const,
  /** The random secret upload URLs are signed with (one per database, made on first use). */
  uploadSigningSecret: () => ["upload_signing_secret"] as const,

  /** A team's latest recorded sign-in or post (written at most once an hour); `["team_activity"]` lists them all. */
  teamActivity: (teamId: string) => ["team_activity", teamId] as const,
  allTeamActivity: () => ["team_activity"] as const,
  /**
   * Each team's activity record again, by the UTC day and time of its `lastActiveAt`, and how many
   * teams' latest activity falls on each day (a KvU64): written with the record, so counting the
   * teams active in the last 30 days reads 30 counters and one day's entries, not every team.
   */
  teamActivityAt: (day: number, atMs: number, teamId: string) => ["team_activity_by_day", day, atMs, teamId] as const,
  teamActivityOfDay: (day: number) => ["team_activity_by_day", day] as const,
  teamActivityDayCount: (day: number) => ["team_activity_day_counts", day] as const,
  teamActivityDayCounts: () => ["team_activity_day_counts"] as const,

  /** A one-time data migration that has run (its name → when). */
  migration: (name: string) => ["migrations", name] as const,
  /** Never written: the health check reads it to see that the database answers. */
  healthProbe: () => ["health_probe"] as const,

  rateLimit: (bucket: string, subject: string, window: number) => ["rate_limits", bucket, subject, window] as const,
  allRateLimits: () => ["rate_limits"] as const,
  /** The windows of a rate limit counted per team (e.g. new invite links a day). */
  teamRateLimits: (bucket: string, teamId: string) => ["rate_limits", bucket, teamId] as const,
} as const;

/**
 * Every prefix that holds a team's records (the team id is its second element, or third for
 * rate limits counted per team). Deleting a team removes everything under these; add each new
 * team-scoped prefix here. Records keyed by team elsewhere in the key
 * (`membership`, `formerMembership`, `parentEmailInvite`, `joinCode`, `pendingClaimByEmail`, `claimByEmail`,
 * `auditBySubject`, and the sessions and edit tokens listed under
 * `teamSessions` and `teamEditTokens`) are removed through their team-keyed twin,
 * and the exact keys `team`, `teamBySlug`, `teamRevision`, `teamAccess`, `joinLink` and
 * `teamDeletion` by name (lib/team_deletion.ts).
 */
export const teamScopedPrefixes = (teamId: string): Deno.KvKey[] => [
  keys.teamPlayers(teamId),
  keys.teamClaims(teamId),
  keys.teamClaimStatusIndex(teamId),
  keys.teamPendingClaimGuards(teamId),
  keys.teamMembers(teamId),
  keys.teamFormerMembers(teamId),
  keys.teamGuardians(teamId),
  keys.legacyTeamGuardianIndex(teamId),
  keys.teamParentEmails(teamId),
  keys.teamAudit(teamId),
  keys.teamJoinLinkUses(teamId),
  keys.teamReplacedJoinCodes(teamId),
  keys.teamRequestDigests(teamId),
  keys.teamNewsFanouts(teamId),
  keys.teamRateLimits(JOIN_LINK_LIMIT_BUCKET, teamId),
  keys.teamSessions(teamId),
  keys.teamEditTokens(teamId),
  keys.teamFamilies(teamId),
  keys.teamFamilyMembers(teamId),
  keys.teamFamilyOfMember(teamId),
  keys.teamPosts(teamId),
  keys.teamEssentials(teamId),
  keys.teamEvents(teamId),
  keys.teamEventsByStart(teamId),
  keys.teamScheduleNotices(teamId),
  keys.teamCampaigns(teamId),
  keys.teamBlobs(teamId),
  keys.teamBlobChunks(teamId),
  keys.teamUploadTickets(teamId),
  keys.teamPendingUploads(teamId),
  keys.teamGalleryPhotos(teamId),
  keys.teamUploadSlots(teamId),
  keys.teamHeadshotConsents(teamId),
  keys.teamRemovalRequests(teamId),
  keys.teamOpenRemovalRequests(teamId),
];

/** A team's single records (a prefix list does not include the prefix's own key); swept with the team. */
export const teamScopedKeys = (teamId: string): Deno.KvKey[] => [
  keys.teamAccess(teamId),
  keys.teamRevision(teamId),
  keys.eventSetPointer(teamId),
  keys.calendar(teamId),
  keys.calendarSyncLease(teamId),
  keys.teamActivity(teamId),
];

/** The rate-limit bucket of Generate New, counted per team. */
export const JOIN_LINK_LIMIT_BUCKET = "join-link-generate";
