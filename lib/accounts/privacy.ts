/**
 * `/account/privacy`'s data: the person's teams (and whether they may leave each), their
 * children with what they chose to hide and any removal request waiting, and the retention
 * periods the page explains. The actions themselves are other modules' (leave, delete, the
 * child's requests); this only reads.
 */
import { listMemberships, listTeamAdmins, type TeamRole } from "../db/users.ts";
import { getTeams } from "../db/teams.ts";
import { getPlayers } from "../db/players.ts";
import { findGuardianLinksOf } from "../db/person_records.ts";
import { listPlayerRemovalRequests } from "../db/removal_requests.ts";
import { RETENTION_PERIODS, type RetentionKind } from "../retention.ts";
import { messagesFor } from "../i18n/catalog.ts";

export const PRIVACY_MESSAGES = messagesFor("en").account.messages.privacy;

export interface PrivacyTeam {
  id: string;
  name: string;
  role: TeamRole;
  /** The team's only admin cannot leave (they hand it over or delete it first). */
  onlyAdmin: boolean;
}

export interface PrivacyChild {
  playerId: string;
  teamId: string;
  teamName: string;
  firstName: string;
  lastName: string;
  hideLastName: boolean;
  hidePhoto: boolean;
  /** When the parent asked for the child's removal and the team admin has not decided yet. */
  removalRequestedAt: string | null;
}

export interface PrivacyPageData {
  email: string;
  teams: PrivacyTeam[];
  children: PrivacyChild[];
  /** How long each kind of short-lived record is kept, in plain words (lib/retention.ts). */
  retention: { kind: RetentionKind; what: string; text: string }[];
}

export async function loadPrivacyPage(kv: Deno.Kv, user: { id: string; email: string }): Promise<PrivacyPageData> {
  const memberships = await listMemberships(kv, user.id);
  const teamValues = await getTeams(kv, memberships.map((m) => m.teamId));
  const mine = memberships.flatMap((m, i) => {
    const team = teamValues[i];
    return team ? [{ membership: m, team }] : [];
  });
  const perTeam = await Promise.all(mine.map(async ({ membership, team }) => {
    const [admins, links] = await Promise.all([
      membership.role === "TEAM_ADMIN" ? listTeamAdmins(kv, team.id) : [],
      findGuardianLinksOf(kv, team.id, user.id),
    ]);
    const players = await getPlayers(kv, team.id, links.map((l) => l.playerId));
    const children = await Promise.all(
      players.flatMap((player) => player ? [player] : []).map(async (player) => {
        const requests = await listPlayerRemovalRequests(kv, team.id, player.id);
        const waiting = requests.find((r) => r.status === "pending" && r.requestedBy === user.id);
        return {
          playerId: player.id,
          teamId: team.id,
          teamName: team.name,
          firstName: player.firstName,
          lastName: player.lastName,
          hideLastName: player.hideLastName === true,
          hidePhoto: player.hidePhoto === true,
          removalRequestedAt: waiting?.createdAt ?? null,
        } satisfies PrivacyChild;
      }),
    );
    const onlyAdmin = membership.role === "TEAM_ADMIN" && admins.length <= 1;
    return { team: { id: team.id, name: team.name, role: membership.role, onlyAdmin } satisfies PrivacyTeam, children };
  }));
  return {
    email: user.email,
    teams: perTeam.map((p) => p.team),
    children: perTeam.flatMap((p) => p.children),
    retention: RETENTION_PERIODS.map(({ kind, what, text }) => ({ kind, what, text })),
  };
}
