/**
 * What the unsubscribe link of a notification mail opens (`/unsubscribe/<token>`, issue 23). The
 * GET only shows this button: mail scanners open every link, so only the POST it sends turns the
 * kind off. A plain form, no JavaScript; the person needs no session.
 */
import { SiteLayout } from "../SiteLayout.tsx";
import type { NotificationKind } from "../../lib/notifications/preferences.ts";
import { useI18n } from "../../lib/i18n/context.tsx";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { format } from "../../lib/i18n/format.ts";
import { DEFAULT_LANGUAGE, type Language } from "../../lib/i18n/languages.ts";

/** Where all of a person's notification choices are (the /account section). */
export const ALL_PREFERENCES_PATH = "/account#notifications";

/** "team news", as it reads inside a sentence. */
const kindWords = (lang: Language, kind: NotificationKind) =>
  messagesFor(lang).notifications.kinds[kind].label.toLocaleLowerCase(lang);

/** A sentence of the unsubscribe page with the kind in it. */
const withKind = (lang: Language, message: string, kind: NotificationKind) =>
  format(lang, message, { kind: kindWords(lang, kind) });

/**
 * The question the page asks: "Stop team news e-mails from GoalMates?", with a non-breaking hyphen
 * so that the narrow card never breaks the heading after "e-".
 */
export const unsubscribeQuestion = (kind: NotificationKind, lang: Language = DEFAULT_LANGUAGE) =>
  withKind(lang, messagesFor(lang).notifications.unsubscribe.question, kind);

export function UnsubscribeConfirmPage({ kind, action }: { kind: NotificationKind; action: string }) {
  const { m, lang } = useI18n();
  const texts = m.notifications.unsubscribe;
  return (
    <SiteLayout narrow>
      <div className="card auth-card">
        <h1>{unsubscribeQuestion(kind, lang)}</h1>
        <p>{`${m.notifications.kinds[kind].hint} ${texts.othersStay}`}</p>
        <form method="post" action={action}>
          <button type="submit" className="button button--primary button--block">
            {withKind(lang, texts.stop, kind)}
          </button>
        </form>
        <p className="auth-card__other">
          <a href={ALL_PREFERENCES_PATH}>{texts.allChoices}</a>
        </p>
      </div>
    </SiteLayout>
  );
}

export function UnsubscribeDonePage({ kind }: { kind: NotificationKind }) {
  const { m, lang } = useI18n();
  const texts = m.notifications.unsubscribe;
  return (
    <SiteLayout narrow>
      <div className="card auth-card">
        <h1>{texts.done}</h1>
        <p role="status">{withKind(lang, texts.doneText, kind)}</p>
        <a className="button button--primary" href={ALL_PREFERENCES_PATH}>{texts.allChoices}</a>
      </div>
    </SiteLayout>
  );
}
