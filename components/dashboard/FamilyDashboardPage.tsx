import { Island } from "../../lib/render/island.tsx";
import { type HeaderAccount, Logo, SiteFooter } from "../SiteLayout.tsx";
import type { FamilyDashboardData } from "../../lib/dashboard/mod.ts";
import type { TeamViewer } from "../../lib/team_viewer.ts";
import type { DashboardForms } from "./forms.ts";
import { SoccerFamilySection } from "./SoccerFamilySection.tsx";
import { FeedSection } from "./FeedSection.tsx";
import { EssentialsSection } from "./EssentialsSection.tsx";
import { UpcomingEventsSection } from "./UpcomingEventsSection.tsx";
import { CampaignsSection } from "./CampaignsSection.tsx";
import { PhotoGallerySection } from "./PhotoGallerySection.tsx";

export interface FamilyDashboardPageProps {
  data: FamilyDashboardData;
  viewer: TeamViewer;
  account: HeaderAccount | null;
  forms: DashboardForms;
  now: Date;
  /** `?member=` (a card opened without JavaScript): the family-member dialog to show open. */
  openMember: string | null;
  /** `?feed=` was given: the feed shows a later page. */
  olderFeedPage: boolean;
}

/** The team's header: its name and season, the way back to the hub, and the person's Account Settings. */
function DashboardHeader(
  { data, viewer, account }: Pick<FamilyDashboardPageProps, "data" | "viewer" | "account">,
) {
  const { team } = data;
  const own = data.profile;
  const profile = own && { ...own, parentId: own.id };
  return (
    <header className="site-header dash-header">
      <div className="container site-header__inner">
        <Logo />
        <div className="dash-header__team">
          <p className="dash-header__name">{team.name}</p>
          {team.season && <p className="dash-header__season">{team.season}</p>}
        </div>
        <nav aria-label="Account" className="site-nav">
          <ul className="site-nav__list">
            <li>
              <a className="button button--ghost dash-header__hub" href="/home">Your Hub</a>
            </li>
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
                  adminHref: viewer.isAdmin && viewer.role !== "SYSADMIN" ? `/teams/${team.id}` : null,
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
 * readable without JavaScript; its islands hydrate on first interaction.
 */
export function FamilyDashboardPage(
  { data, viewer, account, forms, now, openMember, olderFeedPage }: FamilyDashboardPageProps,
) {
  const teamId = data.team.id;
  return (
    <>
      <DashboardHeader data={data} viewer={viewer} account={account} />
      <main id="main" className="container page dash" tabIndex={-1}>
        <h1 className="dash__title">
          <span className="visually-hidden">{data.team.name}:</span> Family Dashboard
        </h1>
        <div className="dash__grid">
          <div className="dash__main">
            <CampaignsSection teamId={teamId} campaigns={data.campaigns} viewer={viewer} form={forms.campaign} />
            <SoccerFamilySection teamId={teamId} family={data.family} viewer={viewer} openMember={openMember} />
            <FeedSection
              teamId={teamId}
              posts={data.posts}
              players={data.kudosPlayers}
              viewer={viewer}
              form={forms.post}
              now={now}
              olderPage={olderFeedPage}
            />
          </div>
          <div className="dash__side">
            <UpcomingEventsSection events={data.events} now={now} />
            <PhotoGallerySection teamId={teamId} photos={data.photos} viewer={viewer} />
            <EssentialsSection teamId={teamId} items={data.essentials} viewer={viewer} form={forms.essential} />
          </div>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
