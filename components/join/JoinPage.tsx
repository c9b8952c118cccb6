import { Island } from "../../lib/render/island.tsx";
import { useI18n } from "../../lib/i18n/context.tsx";
import { SiteLayout } from "../SiteLayout.tsx";
import type { JoinFlowProps } from "./join_flow.ts";

export interface JoinTeam {
  name: string;
  season: string;
  ageGroup: string;
}

/** `/join/{codeOrSlug}`: the team, then the JoinFlow island's current step. */
export function JoinPage({ team, flow }: { team: JoinTeam; flow: JoinFlowProps }) {
  const { m } = useI18n();
  return (
    <SiteLayout narrow>
      <div className="join-page">
        <header className="join-header">
          <p className="join-header__kicker">{m.join.kicker}</p>
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
  const { m } = useI18n();
  return (
    <SiteLayout narrow>
      <div className="empty-state">
        <h1>{m.join.teamNotFound}</h1>
        <p>{m.join.teamNotFoundMessage}</p>
        <p className="muted">{m.join.teamNotFoundHint}</p>
        <a className="button button--primary" href="/">{m.errors.goHome}</a>
      </div>
    </SiteLayout>
  );
}
