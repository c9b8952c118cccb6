import { Island } from "../../lib/render/island.tsx";
import { SiteLayout } from "../SiteLayout.tsx";
import { useI18n } from "../../lib/i18n/context.tsx";

/** `/signup-success`: the team-created celebration, with confetti and a countdown (island). */
export function CelebrationPage({ teamName, dashboardHref }: { teamName: string; dashboardHref: string }) {
  const { m, t } = useI18n();
  const texts = m.signupPages.celebration;
  return (
    <SiteLayout narrow>
      <div className="card signup-celebration">
        <p className="signup-celebration__icon" aria-hidden="true">🎉</p>
        <h1>{t(texts.heading, { team: teamName })}</h1>
        <p className="signup-celebration__lead">{texts.lead}</p>
        <Island name="SignupCelebration" props={{ dashboardHref }} />
      </div>
    </SiteLayout>
  );
}
