import { type HeaderAccount, SiteLayout } from "../SiteLayout.tsx";

/**
 * What a sign-out link shows when another site opened it (R19): a link on any page can point
 * at `/api/logout`, so only the app's own button or a typed address signs out at once; anyone
 * else is asked, and the button posts, which the origin check guards.
 */
export function SignOutConfirmPage({ account }: { account: HeaderAccount | null }) {
  return (
    <SiteLayout narrow account={account}>
      <div className="card auth-card">
        <h1>Sign out?</h1>
        <p>Do you want to sign out of GoalMates on this device?</p>
        <form method="post" action="/sign-out">
          <button type="submit" className="button button--primary button--block">Sign out</button>
        </form>
        <p>
          <a href="/home">No, stay signed in</a>
        </p>
      </div>
    </SiteLayout>
  );
}
