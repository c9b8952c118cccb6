import { DEMO_ACCOUNTS } from "../../lib/demo/accounts.ts";
import { useI18n } from "../../lib/i18n/context.tsx";
import { messageParts } from "../../lib/i18n/message_parts.tsx";

/** Development mode only: who to sign in as, and where the sign-in links go without SMTP. */
export function DevLoginHint() {
  const { m } = useI18n();
  const hint = m.auth.devHint;
  return (
    <aside className="card dev-hint" aria-labelledby="dev-hint-title">
      <h2 id="dev-hint-title" className="dev-hint__title">{hint.title}</h2>
      <ul className="dev-hint__accounts">
        {DEMO_ACCOUNTS.map((account) => (
          <li key={account.email}>
            {messageParts(hint.account, { email: <strong>{account.email}</strong>, role: hint.roles[account.role] })}
            {account.password && (
              <>
                {" "}
                {messageParts(hint.password, { password: <code>{account.password}</code> })}
              </>
            )}
          </li>
        ))}
      </ul>
      <p className="dev-hint__outbox">
        {messageParts(hint.outbox, { link: <a href="/email-test">/email-test</a> })}
      </p>
    </aside>
  );
}
