/**
 * The console's Dev Tools tab (development mode only: the console leaves it out otherwise, and
 * its routes answer 404): one-click sign-ins as the demo accounts, and the calendar sync on
 * demand. Plain forms, so it works without JavaScript; each posts to a `/sysadmin/dev/…` route
 * that acts and redirects.
 */
import { DEMO_ACCOUNTS } from "../../lib/demo/accounts.ts";
import { useI18n } from "../../lib/i18n/context.tsx";

/** What the last Dev Tools action left in the console's query string (`?tab=dev&…`). */
export type DevToolsResult =
  | { kind: "synced"; synced: number; failed: number; skipped: number }
  | { kind: "error"; error: DevToolsError };

/** The refusals a Dev Tools form redirects with (`devError=`), by their words' key in the catalogue. */
const DEV_TOOLS_ERRORS = { "no-account": "noAccount" } as const;
type DevToolsError = typeof DEV_TOOLS_ERRORS[keyof typeof DEV_TOOLS_ERRORS];

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
  const code = query("devError") ?? "";
  if (Object.hasOwn(DEV_TOOLS_ERRORS, code)) {
    return { kind: "error", error: DEV_TOOLS_ERRORS[code as keyof typeof DEV_TOOLS_ERRORS] };
  }
  const [synced, failed, skipped] = ["synced", "failed", "skipped"].map((name) => count(query(name)));
  if (synced === null || failed === null || skipped === null) return null;
  return { kind: "synced", synced, failed, skipped };
}

export function DevToolsTab({ result = null }: { result?: DevToolsResult | null }) {
  const { m, t } = useI18n();
  const texts = m.sysadmin.devTools;
  return (
    <section className="dev-tools" aria-labelledby="dev-tools-title">
      <h2 id="dev-tools-title">{texts.heading}</h2>
      <p className="muted">{texts.lead}</p>
      {result?.kind === "error" && <p className="notice notice--error" role="alert">{texts[result.error]}</p>}
      <ul className="dev-tools__accounts">
        {DEMO_ACCOUNTS.map((account) => (
          <li key={account.email} className="card dev-tools__account">
            <h3>{texts.roles[account.role]}</h3>
            <p className="dev-tools__who">
              {account.firstName} {account.lastName}
              <br />
              <span className="muted">{account.email}</span>
            </p>
            <form method="post" action="/sysadmin/dev/login">
              <input type="hidden" name="email" value={account.email} />
              <button type="submit" className="button button--primary">
                {texts.signInAs[account.role]}
              </button>
            </form>
          </li>
        ))}
      </ul>
      <div className="card dev-tools__calendars">
        <h3>{texts.calendars}</h3>
        <p className="muted">{texts.calendarsLead}</p>
        <form method="post" action="/sysadmin/dev/calendars/sync">
          <button type="submit" className="button button--secondary">{texts.sync}</button>
        </form>
        {result?.kind === "synced" && (
          <p className="notice notice--success" role="status">
            {t(texts.synced, { count: result.synced, failed: result.failed, skipped: result.skipped })}
          </p>
        )}
      </div>
    </section>
  );
}

export default DevToolsTab;
