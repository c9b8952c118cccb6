/** A team's shared username and password (the team login at /teams/{teamId}). */
import { keys } from "./keys.ts";

export interface TeamAccess {
  username: string;
  passwordHash: string;
  updatedAt: string;
  /** New (random) at every change; team-login sessions remember the one they signed in with. */
  version?: string;
}

/** Which credentials these are: a team-login session of other credentials is refused. */
export const credentialsVersion = (access: TeamAccess): string => access.version ?? access.updatedAt;

export async function getTeamAccess(kv: Deno.Kv, teamId: string): Promise<TeamAccess | null> {
  return (await kv.get<TeamAccess>(keys.teamAccess(teamId))).value;
}

/** Adds the team's new credentials to `op` (they replace any earlier ones). */
export function stageTeamAccess(op: Deno.AtomicOperation, teamId: string, access: TeamAccess) {
  return op.set(keys.teamAccess(teamId), access);
}
