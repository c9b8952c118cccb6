/** "Leave a team": one form per team (no-JS `POST /account/privacy/leave`), or why the team's only admin cannot. */
import { PrivacySection } from "./Section.tsx";

export type PrivacyRole = "TEAM_ADMIN" | "TEAM_STANDARD" | "PLAYER";

export interface LeaveTeam {
  id: string;
  name: string;
  role: PrivacyRole;
  onlyAdmin: boolean;
}

export const LEAVE_ACTION = "/account/privacy/leave";

const ROLE_NAMES: Record<PrivacyRole, string> = { TEAM_ADMIN: "Team admin", TEAM_STANDARD: "Parent", PLAYER: "Player" };

export function LeaveSection(
  { teams, onlyAdminMessage, error }: { teams: LeaveTeam[]; onlyAdminMessage: string; error?: string },
) {
  return (
    <PrivacySection id="privacy-leave-heading" title="Leave a team">
      <p>
        Leaving removes you from the team, with your links to your children there; they stay on its roster. The team
        leaves your hub and calendar. Your posts stay until you delete them or your account. You can join again with the
        team's invite link.
      </p>
      {error && <div className="notice notice--error" role="alert">{error}</div>}
      {teams.length === 0 ? <p className="muted">You are not on a team.</p> : (
        <ul className="privacy__list">
          {teams.map((team) => (
            <li key={team.id} className="privacy__item">
              <div>
                <strong>{team.name}</strong> <span className="muted">· {ROLE_NAMES[team.role]}</span>
              </div>
              {team.onlyAdmin
                ? <p className="privacy__why">{onlyAdminMessage}</p>
                : (
                  <form method="post" action={LEAVE_ACTION}>
                    <input type="hidden" name="teamId" value={team.id} />
                    <button type="submit" className="button button--secondary">
                      Leave <span className="visually-hidden">{team.name}</span>
                    </button>
                  </form>
                )}
            </li>
          ))}
        </ul>
      )}
    </PrivacySection>
  );
}
