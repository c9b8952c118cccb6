/**
 * What a team's shared login (team username) sees on a page that belongs to a person: why the
 * page does not apply, and a way to sign in with an e-mail that comes back to `returnTo`.
 */
export function TeamLoginCard({ title, teamName, why, message, returnTo }: {
  title: string;
  teamName: string;
  /** Ends the sentence "It belongs to the team, not to a person…". */
  why: string;
  message: string;
  returnTo: string;
}) {
  return (
    <div className="card empty-state">
      <h2>{title}</h2>
      <p>
        You are signed in with the shared team username of {teamName}. It belongs to the team, not to a person{why}
      </p>
      <p className="notice" role="note">{message}</p>
      <div className="admin-actions admin-actions--center">
        <a className="button button--primary" href={`/team-login?next=${returnTo}`}>Sign in with your email</a>
        <a className="button button--secondary" href="/home">Your Hub</a>
      </div>
    </div>
  );
}
