/**
 * The console's Analytics tab: teams active in the last 7 and 30 days, then a page of
 * campaigns (global and teams'), newest first, with their responses and, for a poll, the
 * tally per option as a server-rendered SVG bar chart. No JavaScript.
 */
import type { Analytics, CampaignAnalytics } from "../../lib/sysadmin/types.ts";
import { ACTIVE_WINDOW_DAYS, RECENT_WINDOW_DAYS } from "../../lib/sysadmin/types.ts";
import { CAMPAIGN_TYPE_LABELS } from "../../lib/campaigns/texts.ts";
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

const DAY = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/New_York",
  month: "short",
  day: "numeric",
  year: "numeric",
});

export const NO_CAMPAIGNS_TEXT = "No campaigns yet. Responses will show here once a campaign is created.";
export const NO_VOTES_TEXT = "No votes yet.";

function CampaignLine({ campaign: c }: { campaign: CampaignAnalytics }) {
  const headingId = `analytics-${c.id}-title`;
  const votes = c.poll ? c.poll.options.reduce((sum, o) => sum + o.votes, 0) : 0;
  return (
    <li className="card analytics-campaign">
      <div className="analytics-campaign__head">
        <h3 id={headingId}>{c.title}</h3>
        <span className={`status campaign-status campaign-status--${c.status.toLowerCase()}`}>{c.status}</span>
      </div>
      <p className="muted analytics-campaign__meta">
        <span className="badge badge--muted">{CAMPAIGN_TYPE_LABELS[c.type]}</span>
        {` ${c.scope} · created ${DAY.format(new Date(c.createdAt))}`}
      </p>
      <dl className="stats analytics-campaign__counts">
        <div className="stats__item">
          <dt>{c.type === "poll" ? "Voted" : "Answered"}</dt>
          <dd>{c.answered}</dd>
        </div>
        <div className="stats__item">
          <dt>Dismissed</dt>
          <dd>{c.dismissed}</dd>
        </div>
        <div className="stats__item">
          <dt>Snoozed</dt>
          <dd>{c.snoozed}</dd>
        </div>
      </dl>
      {c.poll && (
        <figure className="analytics-campaign__poll">
          <figcaption>{c.poll.question}</figcaption>
          {votes === 0 ? <p className="muted">{NO_VOTES_TEXT}</p> : (
            <BarChart
              id={`chart-${c.id}`}
              title={`Votes for "${c.poll.question}" (${votes} in all)`}
              bars={c.poll.options.map((o) => ({ label: o.label, value: o.votes }))}
            />
          )}
        </figure>
      )}
    </li>
  );
}

export function AnalyticsTab({ analytics }: AnalyticsTabProps) {
  const { campaigns } = analytics;
  const of = (n: number) => `${sharePercent(n, analytics.totalTeams)}% of ${analytics.totalTeams}`;
  return (
    <div className="analytics-tab">
      <section className="card analytics-activity" aria-labelledby="analytics-activity-heading">
        <h2 id="analytics-activity-heading">Team activity</h2>
        <dl className="stats analytics-activity__stats">
          <div className="stats__item">
            <dt>{`Active in the last ${RECENT_WINDOW_DAYS} days`}</dt>
            <dd>
              {`${analytics.activeLast7Days} `}
              <span className="analytics-activity__share">{`(${of(analytics.activeLast7Days)})`}</span>
            </dd>
          </div>
          <div className="stats__item">
            <dt>{`Active in the last ${ACTIVE_WINDOW_DAYS} days`}</dt>
            <dd>
              {`${analytics.activeLast30Days} `}
              <span className="analytics-activity__share">{`(${of(analytics.activeLast30Days)})`}</span>
            </dd>
          </div>
          <div className="stats__item">
            <dt>Total teams</dt>
            <dd>{analytics.totalTeams}</dd>
          </div>
        </dl>
        <p className="muted">A team is active when one of its members signed in or someone posted to its feed.</p>
      </section>
      <section className="analytics-campaigns" aria-labelledby="analytics-campaigns-heading">
        <h2 id="analytics-campaigns-heading">Campaign responses</h2>
        <p className="muted">Global and team campaigns, newest first.</p>
        {campaigns.values.length === 0
          ? <p className="card">{NO_CAMPAIGNS_TEXT}</p>
          : (
            <ul className="analytics-campaigns__list">
              {campaigns.values.map((c) => <CampaignLine key={c.id} campaign={c} />)}
            </ul>
          )}
        {(!campaigns.isFirstPage || campaigns.cursor) && (
          <nav className="overview-pager" aria-label="Campaign pages">
            {!campaigns.isFirstPage && (
              <a className="button button--ghost" href={analyticsTabHref()}>Newest campaigns</a>
            )}
            {campaigns.cursor && (
              <a className="button button--secondary" href={analyticsTabHref(campaigns.cursor)}>Older campaigns</a>
            )}
          </nav>
        )}
      </section>
    </div>
  );
}

export default AnalyticsTab;
