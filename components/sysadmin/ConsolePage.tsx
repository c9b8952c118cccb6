import type { ReactNode } from "react";
import { headerAccount, SiteLayout } from "../SiteLayout.tsx";
import type { ConsoleStats } from "../../lib/sysadmin/console.ts";

export type ConsoleTab = "campaigns" | "teams" | "dev" | "analytics";

/** The tabs in their order; Dev Tools only in development mode. */
export function consoleTabs(development: boolean): { id: ConsoleTab; label: string }[] {
  return [
    { id: "campaigns", label: "Campaigns" },
    { id: "teams", label: "Teams" },
    ...(development ? [{ id: "dev" as const, label: "Dev Tools" }] : []),
    { id: "analytics", label: "Analytics" },
  ];
}

export const consoleTabHref = (tab: ConsoleTab) => tab === "campaigns" ? "/sysadmin" : `/sysadmin?tab=${tab}`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export interface ConsolePageProps {
  email: string;
  stats: ConsoleStats;
  tab: ConsoleTab;
  development: boolean;
  /** The chosen tab's content. */
  children: ReactNode;
}

/**
 * The stat cards. The campaign counts carry `data-live-count`: the campaigns island changes
 * them in place when it creates, switches or deletes a campaign.
 */
function Stat({ label, value, live }: { label: string; value: number; live?: string }) {
  return (
    <li className="console-stat" data-live-count={live}>
      <span className="console-stat__label">{label}</span>
      <span className="console-stat__value">{value}</span>
    </li>
  );
}

/** `/sysadmin`: 'System Console', the active team count, Sign out, the stat cards and the tabs. */
export function ConsolePage({ email, stats, tab, development, children }: ConsolePageProps) {
  return (
    <SiteLayout account={headerAccount(null, email)}>
      <div className="container console">
        <header className="console-header">
          <div>
            <h1>System Console</h1>
            <p className="console-header__teams">{plural(stats.activeTeams, "active team", "active teams")}</p>
          </div>
          <form method="post" action="/sysadmin/logout">
            <button type="submit" className="button button--secondary">Sign out</button>
          </form>
        </header>
        <section aria-labelledby="console-stats-heading">
          <h2 id="console-stats-heading" className="visually-hidden">Summary</h2>
          <ul className="console-stats">
            <Stat label="Active Campaigns" value={stats.activeCampaigns} live="activeCampaigns" />
            <Stat label="Total Teams" value={stats.totalTeams} />
            <Stat label="Pending Campaigns" value={stats.pendingCampaigns} live="pendingCampaigns" />
            <Stat label="Total Campaigns" value={stats.totalCampaigns} live="totalCampaigns" />
          </ul>
        </section>
        <nav className="console-tabs" aria-label="Console">
          <ul>
            {consoleTabs(development).map((t) => (
              <li key={t.id}>
                <a href={consoleTabHref(t.id)} aria-current={t.id === tab ? "page" : undefined}>{t.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="console-panel">{children}</div>
      </div>
    </SiteLayout>
  );
}
