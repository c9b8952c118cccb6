/** Meet Your Soccer Family: the family dashboard's section and the page's one read of the team's people. */
import type { TeamViewer } from "../team_viewer.ts";
import { loadTeamPeople, peopleSeenBy, soccerFamilyOf } from "./people.ts";
import type { SoccerFamily } from "./types.ts";

/** Meet Your Soccer Family for one viewer of the team (the family dashboard's section). */
export async function loadSoccerFamily(kv: Deno.Kv, viewer: TeamViewer, now: Date): Promise<SoccerFamily> {
  return soccerFamilyOf(await loadTeamPeople(kv, viewer.teamId), viewer, now);
}

/**
 * What the family dashboard page reads of the team's people, in one read: the team, the Soccer
 * Family as the viewer sees it, every player (creation order) and the ids of the viewer's own
 * children.
 */
export async function loadTeamFamilyView(kv: Deno.Kv, viewer: TeamViewer, now: Date) {
  const people = await loadTeamPeople(kv, viewer.teamId);
  return {
    team: people.team,
    family: soccerFamilyOf(people, viewer, now),
    players: peopleSeenBy(people, viewer).players,
    ownPlayerIds: new Set(viewer.userId ? people.childrenOf.get(viewer.userId) ?? [] : []),
  };
}
