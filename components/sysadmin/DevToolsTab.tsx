/**
 * The console's Dev Tools tab (development mode only: the console leaves it out otherwise, and
 * its routes answer 404): one-click sign-ins as the demo accounts, and the calendar sync on
 * demand. Plain forms, so it works without JavaScript; each posts to a `/sysadmin/dev/…` route
 * that acts and redirects.
 */
import { DEMO_ACCOUNTS } from "../../lib/demo/accounts.ts";

const ROLE_LABELS = { TEAM_ADMIN: "Team Admin", TEAM_STANDARD: "Parent", PLAYER: "Player" } as const;

/** What the last Dev Tools action left in the console's query string (`?tab=dev&…`). */
export type DevToolsResult =
  | { kind: "synced"; synced: number; failed: number; skipped: number }
  | { kind: "error"; message: string };

export const DEV_TOOLS_ERRORS: Record<string, string> = {
  "no-account": "That demo account does not exist in this database. Restart in development mode to seed it.",
};

const count = (value: string | undefined) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
};

/**
 * Reads the result of a Dev Tools action from the console's query (`synced`, `failed`,
 * `skipped` after a calendar sync; `devError` after a refused sign-in); null when there is none.
 * The console page passes it as `<DevToolsTab result={…} />`.
 */
export function devToolsResult(query: (name: string) => string | undefined): DevToolsResult | null {
  const error = DEV_TOOLS_ERRORS[query("devError") ?? ""];
  if (error) return { kind: "error", message: error };
  const [synced, failed, skipped] = ["synced", "failed", "skipped"].map((name) => count(query(name)));
  if (synced === null || failed === null || skipped === null) return null;
  return { kind: "synced", synced, failed, skipped };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function DevToolsTab({ result = null }: { result?: DevToolsResult | null }) {
  return (
    <section className="dev-tools" aria-labelledby="dev-tools-title">
      <h2 id="dev-tools-title">Dev Tools</h2>
      <p className="muted">
        Development mode only. A one-click sign-in signs this browser in as a demo account of the demo team; your system
        administrator session stays.
      </p>
      {result?.kind === "error" && <p className="notice notice--error" role="alert">{result.message}</p>}
      <ul className="dev-tools__accounts">
        {DEMO_ACCOUNTS.map((account) => (
          <li key={account.email} className="card dev-tools__account">
            <h3>{ROLE_LABELS[account.role]}</h3>
            <p className="dev-tools__who">
              {account.firstName} {account.lastName}
              <br />
              <span className="muted">{account.email}</span>
            </p>
            <form method="post" action="/sysadmin/dev/login">
              <input type="hidden" name="email" value={account.email} />
              <button type="submit" className="button button--primary">
                Sign in as {ROLE_LABELS[account.role]}
              </button>
            </form>
          </li>
        ))}
      </ul>
      <div className="card dev-tools__calendars">
        <h3>Team calendars</h3>
        <p className="muted">Sync every calendar that is due now, instead of waiting for the next half hour.</p>
        <form method="post" action="/sysadmin/dev/calendars/sync">
          <button type="submit" className="button button--secondary">Sync all calendars now</button>
        </form>
        {result?.kind === "synced" && (
          <p className="notice notice--success" role="status">
            {plural(result.synced, "calendar", "calendars")} synced, {result.failed} failed, {result.skipped} skipped.
          </p>
        )}
      </div>
    </section>
  );
}

export default DevToolsTab;
