import type { FormEvent, Ref } from "react";
import { useI18n } from "../../lib/i18n/context.tsx";

interface SuccessStepProps {
  action: string;
  message: string;
  headingRef: Ref<HTMLHeadingElement>;
  onAgain(e: FormEvent<HTMLFormElement>): void;
}

/**
 * Step 3: the request waits for a team admin, and the page says what happens next. No sign-in
 * button: there is no account to sign in to until the admin approves (the mail then brings a link).
 */
export function SuccessStep({ action, message, headingRef, onAgain }: SuccessStepProps) {
  const texts = useI18n().m.join.success;
  return (
    <section className="card join-step join-success" aria-labelledby="join-success-title">
      <span className="join-success__icon" aria-hidden="true">✓</span>
      <h2 id="join-success-title" ref={headingRef} tabIndex={-1}>{texts.title}</h2>
      <p className="join-success__next">{message}</p>
      <p className="muted">{texts.untilApproved}</p>
      <div className="join-success__actions">
        {/* A post to the same page: without JavaScript it answers with a fresh first step. */}
        <form method="post" action={action} onSubmit={onAgain}>
          <input type="hidden" name="step" value="success" />
          <input type="hidden" name="action" value="again" />
          <button type="submit" className="button button--secondary">{texts.again}</button>
        </form>
      </div>
    </section>
  );
}
