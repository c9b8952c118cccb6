import { SiteLayout } from "../SiteLayout.tsx";
import { TextField } from "../edit/TextField.tsx";
import type { JoinTeam } from "./JoinPage.tsx";
import { JOIN_MESSAGES } from "../../lib/join/rules.ts";

export const EXPIRED_LINK_TEXTS = {
  title: JOIN_MESSAGES.linkExpired,
  lead: (team: string, canClaim: boolean) =>
    `Invite links work for 7 days, and a new one replaces the old. ` +
    (canClaim ? `You can still reach ${team} two ways:` : `You can still ask for a new link to ${team}:`),
  claimTitle: "Claim your child on the roster",
  claimText: "Find your child on the team's public roster and ask to be linked. A team admin reviews every claim.",
  claimButton: "Claim your child",
  askTitle: "Ask the team admin for a new link",
  askText: "We'll pass your name and e-mail on to the team admin, who can send you a fresh invite link.",
  askButton: "Ask for a New Link",
} as const;

export interface ExpiredLinkPageProps {
  team: JoinTeam;
  /** The public roster's claim form, or null when the team takes no claims right now. */
  claimUrl: string | null;
  /** Where the ask form posts (the link's own page). */
  action: string;
  values: { name: string; email: string };
  errors: Record<string, string>;
  /** After a post: the ask went to the admin, or why it did not. */
  notice: { ok: boolean; message: string } | null;
}

/**
 * `/join/{code}` for an invite code that expired or was replaced: the team, and what still works
 * (the roster claim, and asking the admin for a new link). Plain forms and links: no JavaScript.
 */
export function ExpiredLinkPage({ team, claimUrl, action, values, errors, notice }: ExpiredLinkPageProps) {
  return (
    <SiteLayout narrow>
      <div className="join-page">
        <header className="join-header">
          <p className="join-header__kicker">{team.name}</p>
          <h1>{EXPIRED_LINK_TEXTS.title}</h1>
          <p className="join-header__facts">
            {team.season && <span className="badge">{team.season}</span>}
            {team.ageGroup && <span className="badge">{team.ageGroup}</span>}
          </p>
        </header>
        <p className="join-expired__lead">{EXPIRED_LINK_TEXTS.lead(team.name, claimUrl !== null)}</p>
        {claimUrl && (
          <section className="card join-step" aria-labelledby="join-expired-claim">
            <h2 id="join-expired-claim">{EXPIRED_LINK_TEXTS.claimTitle}</h2>
            <p>{EXPIRED_LINK_TEXTS.claimText}</p>
            <a className="button button--primary button--block" href={claimUrl}>{EXPIRED_LINK_TEXTS.claimButton}</a>
          </section>
        )}
        <section className="card join-step" aria-labelledby="join-expired-ask">
          <h2 id="join-expired-ask">{EXPIRED_LINK_TEXTS.askTitle}</h2>
          {notice?.ok ? <p className="notice notice--success" role="status">{notice.message}</p> : (
            <>
              <p>{EXPIRED_LINK_TEXTS.askText}</p>
              {notice && <p className="notice notice--error" role="alert">{notice.message}</p>}
              <form method="post" action={action} className="form" noValidate>
                <input type="hidden" name="step" value="ask-link" />
                <TextField
                  id="join-ask-name"
                  name="name"
                  label="Your name"
                  autoComplete="name"
                  defaultValue={values.name}
                  error={errors.name}
                />
                <TextField
                  id="join-ask-email"
                  name="email"
                  label="Your email"
                  type="email"
                  autoComplete="email"
                  defaultValue={values.email}
                  error={errors.email}
                />
                <button type="submit" className="button button--secondary button--block">
                  {EXPIRED_LINK_TEXTS.askButton}
                </button>
              </form>
            </>
          )}
        </section>
      </div>
    </SiteLayout>
  );
}
