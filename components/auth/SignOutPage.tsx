import { useI18n } from "../../lib/i18n/context.tsx";
import { type HeaderAccount, SiteLayout } from "../SiteLayout.tsx";

/**
 * What a sign-out link shows when another site opened it (R19): a link on any page can point
 * at `/api/logout`, so only the app's own button or a typed address signs out at once; anyone
 * else is asked, and the button posts, which the origin check guards.
 */
export function SignOutConfirmPage({ account }: { account: HeaderAccount | null }) {
  const texts = useI18n().m.auth.signOut;
  return (
    <SiteLayout narrow account={account}>
      <div className="card auth-card">
        <h1>{texts.title}</h1>
        <p>{texts.question}</p>
        <form method="post" action="/sign-out">
          <button type="submit" className="button button--primary button--block">{texts.button}</button>
        </form>
        <p>
          <a href="/home">{texts.stay}</a>
        </p>
      </div>
    </SiteLayout>
  );
}
