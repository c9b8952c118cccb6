/**
 * The data migrations, in the order they run at start (main.ts, through `runMigrations` in
 * lib/db/migrations.ts, which records each one that ran so no later start runs it again). Add a
 * new one at the end with an id of its own; never rename or remove an id that has shipped.
 */
import type { DataMigration } from "./db/migrations.ts";
import { removeAuthorNameCopies } from "./db/migrations.ts";
import { removeLegacyEvents } from "./events/mod.ts";
import { backfillAllFamilies } from "./families/mod.ts";
import { indexPendingRequests } from "./join/mod.ts";
import { recountTeams } from "./db/teams.ts";
import { indexAllTeamActivity } from "./db/team_activity.ts";
import { indexClaimsByEmail } from "./db/claims.ts";
import { indexAuditBySubject } from "./db/audit.ts";

export const DATA_MIGRATIONS: readonly DataMigration[] = [
  { id: "events-in-sets", run: (kv) => removeLegacyEvents(kv) },
  {
    // Posts, essentials and photos once kept a copy of their author's name (for some, an e-mail address).
    id: "author-name-copies-removed",
    run: (kv) => removeAuthorNameCopies(kv),
    describe: (changed) => `Removed the stored author name from ${changed} record(s).`,
  },
  {
    id: "families-from-guardian-links",
    run: (kv, now) => backfillAllFamilies(kv, now),
    describe: (changed) => `Put ${changed} parent link(s) into families.`,
  },
  {
    // Requests waiting from before they were indexed by address (a sign-in asked for while one waits is told so).
    id: "pending-claims-by-email",
    run: (kv) => indexPendingRequests(kv),
    describe: (changed) => `Indexed ${changed} waiting request(s) by e-mail.`,
  },
  {
    // The system console counts teams and active teams from kept counts, not by listing every team.
    id: "kept-team-counts",
    run: async (kv) => {
      await recountTeams(kv);
      return await indexAllTeamActivity(kv);
    },
    describe: (changed) => `Indexed the activity of ${changed} team(s) by day.`,
  },
  {
    // A person's export and account erasure find their claims and join requests of every status by address.
    id: "claims-by-email",
    run: (kv) => indexClaimsByEmail(kv),
    describe: (changed) => `Indexed ${changed} claim(s) and join request(s) by e-mail.`,
  },
  {
    // …and the audit entries about them by account id and address, without reading the whole log.
    id: "audit-by-subject",
    run: (kv) => indexAuditBySubject(kv),
    describe: (changed) => `Indexed ${changed} audit log entries by who they are about.`,
  },
];
