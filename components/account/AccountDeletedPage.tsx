import { SiteLayout } from "../SiteLayout.tsx";
import { useI18n } from "../../lib/i18n/context.tsx";

/** `/account/deleted`: public, shown once an account is erased (the person is signed out by then). */
export function AccountDeletedPage() {
  const texts = useI18n().m.account.deleted;
  return (
    <SiteLayout narrow>
      <div className="card empty-state">
        <h1>{texts.heading}</h1>
        <p>{texts.gone}</p>
        <p>{texts.welcomeBack}</p>
        <a className="button button--primary" href="/">{texts.home}</a>
      </div>
    </SiteLayout>
  );
}
