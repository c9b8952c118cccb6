import { SiteLayout } from "../SiteLayout.tsx";
import { TextField } from "../edit/TextField.tsx";
import type { JoinTeam } from "./JoinPage.tsx";
import { useI18n } from "../../lib/i18n/context.tsx";

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
  const { m, t } = useI18n();
  const texts = m.join.expired;
  return (
    <SiteLayout narrow>
      <div className="join-page">
        <header className="join-header">
          <p className="join-header__kicker">{team.name}</p>
          <h1>{m.join.rules.linkExpired}</h1>
          <p className="join-header__facts">
            {team.season && <span className="badge">{team.season}</span>}
            {team.ageGroup && <span className="badge">{team.ageGroup}</span>}
          </p>
        </header>
        <p className="join-expired__lead">
          {`${texts.lead} ${t(claimUrl ? texts.leadClaim : texts.leadAsk, { team: team.name })}`}
        </p>
        {claimUrl && (
          <section className="card join-step" aria-labelledby="join-expired-claim">
            <h2 id="join-expired-claim">{texts.claimTitle}</h2>
            <p>{texts.claimText}</p>
            <a className="button button--primary button--block" href={claimUrl}>{texts.claimButton}</a>
          </section>
        )}
        <section className="card join-step" aria-labelledby="join-expired-ask">
          <h2 id="join-expired-ask">{texts.askTitle}</h2>
          {notice?.ok ? <p className="notice notice--success" role="status">{notice.message}</p> : (
            <>
              <p>{texts.askText}</p>
              {notice && <p className="notice notice--error" role="alert">{notice.message}</p>}
              <form method="post" action={action} className="form" noValidate>
                <input type="hidden" name="step" value="ask-link" />
                <TextField
                  id="join-ask-name"
                  name="name"
                  label={texts.name}
                  autoComplete="name"
                  defaultValue={values.name}
                  error={errors.name}
                />
                <TextField
                  id="join-ask-email"
                  name="email"
                  label={texts.email}
                  type="email"
                  autoComplete="email"
                  defaultValue={values.email}
                  error={errors.email}
                />
                <button type="submit" className="button button--secondary button--block">
                  {texts.askButton}
                </button>
              </form>
            </>
          )}
        </section>
      </div>
    </SiteLayout>
  );
}
