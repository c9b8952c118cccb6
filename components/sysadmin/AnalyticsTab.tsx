/**
 * The console's Analytics tab: teams active in the last 7 and 30 days, then a page of
 * campaigns (global and teams'), newest first, with their responses and, for a poll, the
 * tally per option as a server-rendered SVG bar chart. No JavaScript.
 */
import type { Analytics, CampaignAnalytics } from "../../lib/sysadmin/types.ts";
import { ACTIVE_WINDOW_DAYS, RECENT_WINDOW_DAYS } from "../../lib/sysadmin/types.ts";
import { DEFAULT_TIME_ZONE, shortDate } from "../../lib/time_zone.ts";
import { useI18n } from "../../lib/i18n/context.tsx";
import { formatNumber } from "../../lib/i18n/format.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { BarChart, sharePercent } from "./BarChart.tsx";

export interface AnalyticsTabProps {
  analytics: Analytics;
}

/** The tab's address for a page of campaigns. */
export function analyticsTabHref(cursor = ""): string {
  const params = new URLSearchParams({ tab: "analytics" });
  if (cursor) params.set("cursor", cursor);
  return `/sysadmin?${params}`;
}

/** The empty states in English (the page shows them in its own language). */
export const NO_CAMPAIGNS_TEXT = messagesFor("en").sysadmin.analytics.noCampaigns;
export const NO_VOTES_TEXT = messagesFor("en").sysadmin.analytics.noVotes;

function CampaignLine({ campaign: c }: { campaign: CampaignAnalytics }) {
  const { m, t, lang } = useI18n();
  const texts = m.sysadmin.analytics;
  const headingId = `analytics-${c.id}-title`;
  const votes = c.poll ? c.poll.options.reduce((sum, o) => sum + o.votes, 0) : 0;
  // A global campaign's scope is a word; a team's, its name.
  const scope = c.teamId === null ? texts.global : c.scope;
  return (
    <li className="card analytics-campaign">
      <div className="analytics-campaign__head">
        <h3 id={headingId}>{c.title}</h3>
        <span className={`status campaign-status campaign-status--${c.status.toLowerCase()}`}>
          {texts.statuses[c.status]}
        </span>
      </div>
      <p className="muted analytics-campaign__meta">
        <span className="badge badge--muted">{m.campaigns.types[c.type]}</span>
        {` ${t(texts.created, { scope, date: shortDate(new Date(c.createdAt), DEFAULT_TIME_ZONE, lang) })}`}
      </p>
      <dl className="stats analytics-campaign__counts">
        <div className="stats__item">
          <dt>{c.type === "poll" ? texts.voted : texts.answered}</dt>
          <dd>{formatNumber(lang, c.answered)}</dd>
        </div>
        <div className="stats__item">
          <dt>{texts.dismissed}</dt>
          <dd>{formatNumber(lang, c.dismissed)}</dd>
        </div>
        <div className="stats__item">
          <dt>{texts.snoozed}</dt>
          <dd>{formatNumber(lang, c.snoozed)}</dd>
        </div>
      </dl>
      {c.poll && (
        <figure className="analytics-campaign__poll">
          <figcaption>{c.poll.question}</figcaption>
          {votes === 0 ? <p className="muted">{texts.noVotes}</p> : (
            <BarChart
              id={`chart-${c.id}`}
              title={t(texts.chartTitle, { question: c.poll.question, total: votes })}
              bars={c.poll.options.map((o) => ({ label: o.label, value: o.votes }))}
            />
          )}
        </figure>
      )}
    </li>
  );
}

export function AnalyticsTab({ analytics }: AnalyticsTabProps) {
  const { m, t, lang } = useI18n();
  const texts = m.sysadmin.analytics;
  const { campaigns } = analytics;
  const share = (n: number) =>
    t(texts.share, { percent: sharePercent(n, analytics.totalTeams), total: analytics.totalTeams });
  return (
    <div className="analytics-tab">
      <section className="card analytics-activity" aria-labelledby="analytics-activity-heading">
        <h2 id="analytics-activity-heading">{texts.activity}</h2>
        <dl className="stats analytics-activity__stats">
          <div className="stats__item">
            <dt>{t(texts.activeLast, { days: RECENT_WINDOW_DAYS })}</dt>
            <dd>
              {`${formatNumber(lang, analytics.activeLast7Days)} `}
              <span className="analytics-activity__share">{share(analytics.activeLast7Days)}</span>
            </dd>
          </div>
          <div className="stats__item">
            <dt>{t(texts.activeLast, { days: ACTIVE_WINDOW_DAYS })}</dt>
            <dd>
              {`${formatNumber(lang, analytics.activeLast30Days)} `}
              <span className="analytics-activity__share">{share(analytics.activeLast30Days)}</span>
            </dd>
          </div>
          <div className="stats__item">
            <dt>{texts.totalTeams}</dt>
            <dd>{formatNumber(lang, analytics.totalTeams)}</dd>
          </div>
        </dl>
        <p className="muted">{texts.activeRule}</p>
      </section>
      <section className="analytics-campaigns" aria-labelledby="analytics-campaigns-heading">
        <h2 id="analytics-campaigns-heading">{texts.campaigns}</h2>
        <p className="muted">{texts.campaignsLead}</p>
        {campaigns.values.length === 0
          ? <p className="card">{texts.noCampaigns}</p>
          : (
            <ul className="analytics-campaigns__list">
              {campaigns.values.map((c) => <CampaignLine key={c.id} campaign={c} />)}
            </ul>
          )}
        {(!campaigns.isFirstPage || campaigns.cursor) && (
          <nav className="overview-pager" aria-label={texts.pagesLabel}>
            {!campaigns.isFirstPage && <a className="button button--ghost" href={analyticsTabHref()}>{texts.newest}</a>}
            {campaigns.cursor && (
              <a className="button button--secondary" href={analyticsTabHref(campaigns.cursor)}>{texts.older}</a>
            )}
          </nav>
        )}
      </section>
    </div>
  );
}

export default AnalyticsTab;
