import type { SignupStep } from "../../lib/signup/checks.ts";
import { useI18n } from "../../lib/i18n/context.tsx";
import { Island } from "../../lib/render/island.tsx";
import { SiteLayout } from "../SiteLayout.tsx";
import { HiddenValues, SignupProgress, StepHeading, SuccessPanel } from "./WizardParts.tsx";
import { type Banner, ErrorSummary, SignupBanner } from "./notices.tsx";
import { BANNER_ID, ERROR_SUMMARY_ID, type SignupValues } from "./wizard_flow.ts";

export interface SignupPageState {
  step: SignupStep;
  values: SignupValues;
  /** Field → message, after a refused post. */
  errors: Record<string, string>;
  /** The refused step's title and message (SPEC.md section 5). */
  summary: { title: string; message: string } | null;
  banner: Banner | null;
  /** Id of the element the browser should focus on load. */
  autoFocus: string | null;
  /** The success step's 'Go to Dashboard': the new team's admin dashboard (else /dashboard). */
  dashboardHref?: string;
}

/**
 * `/signup`. The form steps are the SignupWizard island, server-rendered at the step a post
 * (or the query) asked for; the success step needs no script at all. The island hydrates on the
 * first focus or click, not on load: its steps are forms that work before then and it adopts what
 * was typed, so React (nearly all of the page's weight) stays off the first load (Lighthouse's
 * Total Blocking Time; a page loads under 5 KB gzip of script before interaction).
 */
export function SignupPage({ state }: { state: SignupPageState }) {
  const { step, values, errors, summary, banner, autoFocus, dashboardHref = "/dashboard" } = state;
  const { m } = useI18n();
  return (
    <SiteLayout narrow>
      <div className="signup-page">
        <h1 className="signup-page__title">{m.signupPages.pageTitle}</h1>
        <p className="signup-page__lead">{m.signupPages.lead}</p>
        <div className="signup-wizard card">
          {banner && <SignupBanner banner={banner} autoFocus={autoFocus === BANNER_ID} />}
          {summary && <ErrorSummary {...summary} errors={errors} autoFocus={autoFocus === ERROR_SUMMARY_ID} />}
          {step === "success"
            ? (
              <>
                <SignupProgress step="success" />
                <StepHeading step="success" autoFocus={false} />
                <SuccessPanel email={values.email} dashboardHref={dashboardHref} />
              </>
            )
            : (
              <>
                <Island
                  name="SignupWizard"
                  props={{ step, values, errors, autoFocus }}
                  hydrate="interaction"
                />
                <HiddenValues values={values} step={step} />
              </>
            )}
        </div>
      </div>
    </SiteLayout>
  );
}
