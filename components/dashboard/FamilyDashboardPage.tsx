import { Island } from "../../lib/render/island.tsx";
import { type HeaderAccount, Logo, SiteFooter } from "../SiteLayout.tsx";
import type { FamilyDashboardData } from "../../lib/dashboard/mod.ts";
import type { TeamViewer } from "../../lib/team_viewer.ts";
import type { DashboardForms } from "./forms.ts";
import type { PollResults } from "../../lib/campaigns/poll_results.ts";
import { SoccerFamilySection } from "./SoccerFamilySection.tsx";
import { FeedSection } from "./FeedSection.tsx";
import { EssentialsSection } from "./EssentialsSection.tsx";
import { UpcomingEventsSection } from "./UpcomingEventsSection.tsx";
import { CampaignsSection } from "./CampaignsSection.tsx";
import { PhotoGallerySection } from "./PhotoGallerySection.tsx";
import { teamTimeZone } from "../../lib/time_zone.ts";
import { teamCalendarCardPath } from "../../lib/calendar/display.ts";
import { useI18n } from "../../lib/i18n/context.tsx";

export interface FamilyDashboardPageProps {
  data: FamilyDashboardData;
  viewer: TeamViewer;
  account: HeaderAccount | null;
  forms: DashboardForms;
  /** The poll just voted in without JavaScript (`?voted=`), its results; null otherwise. */
  pollResults?: PollResults | null;
  now: Date;
  /** `?member=` (a card opened without JavaScript): the family-member dialog to show open. */
  openMember: string | null;
  /** `?feed=` was given: the feed shows a later page. */
  olderFeedPage: boolean;
}

/**
 * The team's header: its name and season (whole, on two lines if need be), the hub and, for the
 * team's admins, its admin area, and the avatar menu (Account Settings, Your Hub, Team admin,
 * Sign out). On phones the hub and admin links live in the menu only.
 */
function DashboardHeader(
  { data, viewer, account }: Pick<FamilyDashboardPageProps, "data" | "viewer" | "account">,
) {
  const { layout } = useI18n().m;
  const { team } = data;
  const own = data.profile;
  const profile = own && { ...own, parentId: own.id };
  // The team's admin dashboard (SPEC.md: /teams/{teamId}); a system administrator only reads here.
  const adminHref = viewer.isAdmin && viewer.role !== "SYSADMIN" ? `/teams/${encodeURIComponent(team.id)}` : null;
  return (
    <header className="site-header dash-header">
      <div className="container site-header__inner">
        <Logo />
        <div className="dash-header__team">
          <p className="dash-header__name">{team.name}</p>
          {team.season && <p className="dash-header__season">{team.season}</p>}
        </div>
        <nav aria-label={layout.header.nav} className="site-nav">
          <ul className="site-nav__list">
            <li className="dash-header__wide">
              <a className="button button--ghost dash-header__hub" href="/home">{layout.header.hub}</a>
            </li>
            {adminHref && (
              <li className="dash-header__wide">
                <a className="button button--ghost dash-header__admin" href={adminHref}>
                  {layout.menu.teamAdmin}
                </a>
              </li>
            )}
            <li>
              <Island
                name="AccountSettings"
                hydrate="interaction"
                props={{
                  teamId: team.id,
                  teamName: team.name,
                  label: account?.label ?? viewer.displayName,
                  profile,
                  players: data.ownPlayers,
                  adminHref,
                }}
              />
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}

/**
 * `/family-dashboard/{teamId}`: the team's family space. Every section is server-rendered and
 * readable without JavaScript; its islands hydrate on first interaction. The sections come in
 * the order a phone shows them one under the other: what to answer, what is next, then the rest.
 * Wide, the campaigns, the family and the feed stand on the left, the events, the photos and the
 * essentials on the right (grid areas in static/features/dashboard.css), in the same order.
 */
export function FamilyDashboardPage(
  { data, viewer, account, forms, pollResults = null, now, openMember, olderFeedPage }: FamilyDashboardPageProps,
) {
  const { m } = useI18n();
  const teamId = data.team.id;
  const timeZone = teamTimeZone(data.team);
  return (
    <>
      <DashboardHeader data={data} viewer={viewer} account={account} />
      <main id="main" className="container page dash" tabIndex={-1}>
        <h1 className="dash__title">
          <span className="visually-hidden">{data.team.name}:</span> {m.dashboard.heading}
        </h1>
        <div className="dash__grid">
          <div className="dash__cell dash__cell--campaigns">
            <CampaignsSection
              teamId={teamId}
              campaigns={data.campaigns}
              viewer={viewer}
              form={forms.campaign}
              pollResults={pollResults}
            />
          </div>
          <div className="dash__cell dash__cell--events">
            <UpcomingEventsSection
              events={data.events}
              now={now}
              timeZone={timeZone}
              schedule={data.schedule}
              connectHref={viewer.isAdmin && viewer.role !== "SYSADMIN" ? teamCalendarCardPath(teamId) : null}
            />
          </div>
          <div className="dash__cell dash__cell--main">
            <SoccerFamilySection teamId={teamId} family={data.family} viewer={viewer} openMember={openMember} />
            <FeedSection
              teamId={teamId}
              posts={data.posts}
              players={data.kudosPlayers}
              viewer={viewer}
              form={forms.post}
              now={now}
              timeZone={timeZone}
              olderPage={olderFeedPage}
            />
          </div>
          <div className="dash__cell dash__cell--side">
            <PhotoGallerySection teamId={teamId} photos={data.photos} viewer={viewer} />
            <EssentialsSection teamId={teamId} items={data.essentials} viewer={viewer} form={forms.essential} />
          </div>
        </div>
      </main>
      <SiteFooter signedIn={Boolean(account?.href)} />
    </>
  );
}
