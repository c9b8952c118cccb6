/**
 * What a team's shared login (team username) sees on a page that belongs to a person: why the
 * page does not apply, and a way to sign in with an e-mail that comes back to `returnTo`.
 */
import { useI18n } from "../../lib/i18n/context.tsx";

export function TeamLoginCard({ title, teamName, why, message, returnTo }: {
  title: string;
  teamName: string;
  /** Ends the sentence "It belongs to the team, not to a person…" (an `account.teamLogin.why…` text). */
  why: string;
  message: string;
  returnTo: string;
}) {
  const { m, t } = useI18n();
  const texts = m.account.teamLogin;
  return (
    <div className="card empty-state">
      <h2>{title}</h2>
      <p>{t(texts.text, { team: teamName, why })}</p>
      <p className="notice" role="note">{message}</p>
      <div className="admin-actions admin-actions--center">
        <a className="button button--primary" href={`/team-login?next=${returnTo}`}>{texts.signIn}</a>
        <a className="button button--secondary" href="/home">{texts.hub}</a>
      </div>
    </div>
  );
}
