import { DEMO_ACCOUNTS } from "../../lib/demo/accounts.ts";

const ROLE_NAMES = { TEAM_ADMIN: "demo team admin", TEAM_STANDARD: "parent", PLAYER: "player" } as const;

/** Development mode only: who to sign in as, and where the sign-in links go without SMTP. */
export function DevLoginHint() {
  return (
    <aside className="card dev-hint" aria-labelledby="dev-hint-title">
      <h2 id="dev-hint-title" className="dev-hint__title">Development mode: demo accounts</h2>
      <ul className="dev-hint__accounts">
        {DEMO_ACCOUNTS.map((account) => (
          <li key={account.email}>
            <strong>{account.email}</strong>, the {ROLE_NAMES[account.role]}
            {account.password && (
              <>
                {" "}(password <code>{account.password}</code>)
              </>
            )}
          </li>
        ))}
      </ul>
      <p className="dev-hint__outbox">
        Without SMTP settings, magic links land in the outbox at <a href="/email-test">/email-test</a>.
      </p>
    </aside>
  );
}
