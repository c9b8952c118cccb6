/**
 * What the unsubscribe link of a notification mail opens (`/unsubscribe/<token>`, issue 23). The
 * GET only shows this button: mail scanners open every link, so only the POST it sends turns the
 * kind off. A plain form, no JavaScript; the person needs no session.
 */
import { SiteLayout } from "../SiteLayout.tsx";
import type { NotificationKind } from "../../lib/notifications/preferences.ts";
import { NOTIFICATION_KIND_TEXTS } from "../../lib/notifications/texts.ts";

/** Where all of a person's notification choices are (the /account section). */
export const ALL_PREFERENCES_PATH = "/account#notifications";

/** "team news", as it reads inside a sentence. */
const kindWords = (kind: NotificationKind) => NOTIFICATION_KIND_TEXTS[kind].label.toLowerCase();

/**
 * The question the page asks: "Stop team news e-mails from GoalMates?", with a non-breaking hyphen
 * so that the narrow card never breaks the heading after "e-".
 */
export const unsubscribeQuestion = (kind: NotificationKind) => `Stop ${kindWords(kind)} e\u2011mails from GoalMates?`;

export function UnsubscribeConfirmPage({ kind, action }: { kind: NotificationKind; action: string }) {
  return (
    <SiteLayout narrow>
      <div className="card auth-card">
        <h1>{unsubscribeQuestion(kind)}</h1>
        <p>{`${NOTIFICATION_KIND_TEXTS[kind].hint} Your other e-mails from GoalMates stay as they are.`}</p>
        <form method="post" action={action}>
          <button type="submit" className="button button--primary button--block">
            {`Stop ${kindWords(kind)} e-mails`}
          </button>
        </form>
        <p className="auth-card__other">
          <a href={ALL_PREFERENCES_PATH}>All your notification choices</a>
        </p>
      </div>
    </SiteLayout>
  );
}

export function UnsubscribeDonePage({ kind }: { kind: NotificationKind }) {
  return (
    <SiteLayout narrow>
      <div className="card auth-card">
        <h1>You are unsubscribed</h1>
        <p role="status">
          {`GoalMates will send you no more ${kindWords(kind)} e-mails. You can turn them on again in your account.`}
        </p>
        <a className="button button--primary" href={ALL_PREFERENCES_PATH}>All your notification choices</a>
      </div>
    </SiteLayout>
  );
}
