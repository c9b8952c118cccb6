import type { ReactNode } from "react";
import { headerAccount, SiteLayout } from "../SiteLayout.tsx";
import type { ConsoleStats } from "../../lib/sysadmin/console.ts";
import { useI18n } from "../../lib/i18n/context.tsx";
import { formatNumber } from "../../lib/i18n/format.ts";

export type ConsoleTab = "campaigns" | "teams" | "dev" | "analytics";

/** The tabs in their order; Dev Tools only in development mode (their words: the catalogue's `console.tabs`). */
export function consoleTabs(development: boolean): { id: ConsoleTab }[] {
  return [
    { id: "campaigns" },
    { id: "teams" },
    ...(development ? [{ id: "dev" as const }] : []),
    { id: "analytics" },
  ];
}

export const consoleTabHref = (tab: ConsoleTab) => tab === "campaigns" ? "/sysadmin" : `/sysadmin?tab=${tab}`;

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
  const { lang } = useI18n();
  return (
    <li className="console-stat" data-live-count={live}>
      <span className="console-stat__label">{label}</span>
      {/* A live count stays plain digits: the campaigns island reads it back with parseInt. */}
      <span className="console-stat__value">{live ? String(value) : formatNumber(lang, value)}</span>
    </li>
  );
}

/** `/sysadmin`: 'System Console', the active team count, Sign out, the stat cards and the tabs. */
export function ConsolePage({ email, stats, tab, development, children }: ConsolePageProps) {
  const { m, t } = useI18n();
  const texts = m.sysadmin.console;
  return (
    <SiteLayout account={headerAccount(null, email)}>
      <div className="container console">
        <header className="console-header">
          <div>
            <h1>{texts.title}</h1>
            <p className="console-header__teams">{t(texts.activeTeams, { count: stats.activeTeams })}</p>
          </div>
          <form method="post" action="/sysadmin/logout">
            <button type="submit" className="button button--secondary">{texts.signOut}</button>
          </form>
        </header>
        <section aria-labelledby="console-stats-heading">
          <h2 id="console-stats-heading" className="visually-hidden">{texts.summary}</h2>
          <ul className="console-stats">
            <Stat label={texts.stats.activeCampaigns} value={stats.activeCampaigns} live="activeCampaigns" />
            <Stat label={texts.stats.totalTeams} value={stats.totalTeams} />
            <Stat label={texts.stats.pendingCampaigns} value={stats.pendingCampaigns} live="pendingCampaigns" />
            <Stat label={texts.stats.totalCampaigns} value={stats.totalCampaigns} live="totalCampaigns" />
          </ul>
        </section>
        <nav className="console-tabs" aria-label={texts.tabsLabel}>
          <ul>
            {consoleTabs(development).map(({ id }) => (
              <li key={id}>
                <a href={consoleTabHref(id)} aria-current={id === tab ? "page" : undefined}>{texts.tabs[id]}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="console-panel">{children}</div>
      </div>
    </SiteLayout>
  );
}
