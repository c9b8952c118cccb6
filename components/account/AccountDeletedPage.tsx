import { SiteLayout } from "../SiteLayout.tsx";

/** `/account/deleted`: public, shown once an account is erased (the person is signed out by then). */
export function AccountDeletedPage() {
  return (
    <SiteLayout narrow>
      <div className="card empty-state">
        <h1>Your account was deleted</h1>
        <p>
          Your profile, team memberships, posts, photos, recommendations, answers and requests are gone, and every
          device was signed out. We sent one last e-mail to confirm it.
        </p>
        <p>Poll results still count your vote, without your name. You are welcome back any time, as someone new.</p>
        <a className="button button--primary" href="/">Go to the home page</a>
      </div>
    </SiteLayout>
  );
}
