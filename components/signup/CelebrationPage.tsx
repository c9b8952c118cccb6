import { Island } from "../../lib/render/island.tsx";
import { SiteLayout } from "../SiteLayout.tsx";
import { SIGNUP_MESSAGES } from "../../lib/signup/rules.ts";

/** `/signup-success`: the team-created celebration, with confetti and a countdown (island). */
export function CelebrationPage({ teamName, dashboardHref }: { teamName: string; dashboardHref: string }) {
  return (
    <SiteLayout narrow>
      <div className="card signup-celebration">
        <p className="signup-celebration__icon" aria-hidden="true">🎉</p>
        <h1>{`${teamName} is on GoalMates!`}</h1>
        <p className="signup-celebration__lead">
          Invite your soccer family with one shared link and enjoy the season.
        </p>
        <Island name="SignupCelebration" props={{ toastTitle: SIGNUP_MESSAGES.teamCreated, dashboardHref }} />
      </div>
    </SiteLayout>
  );
}
