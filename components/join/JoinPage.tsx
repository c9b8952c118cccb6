import { Island } from "../../lib/render/island.tsx";
import { SiteLayout } from "../SiteLayout.tsx";
import { JOIN_TEXTS, type JoinFlowProps } from "./join_flow.ts";

export interface JoinTeam {
  name: string;
  season: string;
  ageGroup: string;
}

/** `/join/{codeOrSlug}`: the team, then the JoinFlow island's current step. */
export function JoinPage({ team, flow }: { team: JoinTeam; flow: JoinFlowProps }) {
  return (
    <SiteLayout narrow>
      <div className="join-page">
        <header className="join-header">
          <p className="join-header__kicker">Join your team on GoalMates</p>
          <h1>{team.name}</h1>
          <p className="join-header__facts">
            {team.season && <span className="badge">{team.season}</span>}
            {team.ageGroup && <span className="badge">{team.ageGroup}</span>}
          </p>
        </header>
        <Island name="JoinFlow" props={flow} />
      </div>
    </SiteLayout>
  );
}

/** An unknown slug, or an invite code that was replaced or has expired. */
export function TeamNotFoundPage() {
  return (
    <SiteLayout narrow>
      <div className="empty-state">
        <h1>{JOIN_TEXTS.teamNotFound}</h1>
        <p>{JOIN_TEXTS.teamNotFoundMessage}</p>
        <p className="muted">Invite links last 7 days. Ask your team admin for a new link.</p>
        <a className="button button--primary" href="/">Go Home</a>
      </div>
    </SiteLayout>
  );
}
