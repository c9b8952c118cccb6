import type { TeamRole } from "./db/users.ts";
import type { Language } from "./i18n/languages.ts";

/**
 * Who is looking at a team's family space, as every family-dashboard module needs it: set by
 * `requireTeamMember` (routes/auth_middleware.ts) once the session was checked against the team.
 */
export interface TeamViewer {
  teamId: string;
  /** The person's account id; null for a team's shared login or a system administrator. */
  userId: string | null;
  /** "sysadmin" only for a system administrator without a membership in the team (read-only). */
  role: TeamRole | "SYSADMIN";
  /** Administers the team (a team admin, the team's shared login or a system administrator). */
  isAdmin: boolean;
  /**
   * The viewer's own label ("First Last", else their e-mail), shown to them alone. What they
   * write shows the name their account has when read (lib/families/display_name.ts), never this.
   */
  displayName: string;
  /** The language the viewer reads in (the request's); names without one are worded in it. English when absent. */
  language?: Language;
}

/** Whether the viewer may write as a person of the team (post, add an essential, answer a campaign). */
export const canWrite = (viewer: TeamViewer): boolean => viewer.role !== "SYSADMIN";
