/** "Leave a team": one form per team (no-JS `POST /account/privacy/leave`), or why the team's only admin cannot. */
import { PrivacySection } from "./Section.tsx";
import { useI18n } from "../../../lib/i18n/context.tsx";
import { messageParts } from "../../../lib/i18n/message_parts.tsx";

export type PrivacyRole = "TEAM_ADMIN" | "TEAM_STANDARD" | "PLAYER";

export interface LeaveTeam {
  id: string;
  name: string;
  role: PrivacyRole;
  onlyAdmin: boolean;
}

export const LEAVE_ACTION = "/account/privacy/leave";

export function LeaveSection(
  { teams, onlyAdminMessage, error }: { teams: LeaveTeam[]; onlyAdminMessage: string; error?: string },
) {
  const { m, t } = useI18n();
  const texts = m.account.privacy.leave;
  return (
    <PrivacySection id="privacy-leave-heading" title={texts.title}>
      <p>{texts.text}</p>
      {error && <div className="notice notice--error" role="alert">{error}</div>}
      {teams.length === 0 ? <p className="muted">{texts.none}</p> : (
        <ul className="privacy__list">
          {teams.map((team) => (
            <li key={team.id} className="privacy__item">
              <div>
                <strong>{team.name}</strong> <span className="muted">· {texts.roles[team.role]}</span>
              </div>
              {team.onlyAdmin
                ? <p className="privacy__why">{onlyAdminMessage}</p>
                : (
                  <form method="post" action={LEAVE_ACTION}>
                    <input type="hidden" name="teamId" value={team.id} />
                    <button type="submit" className="button button--secondary">
                      {messageParts(texts.button, {
                        team: <span className="visually-hidden">{t(texts.buttonTeam, { team: team.name })}</span>,
                      })}
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
