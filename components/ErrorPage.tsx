import { SiteLayout } from "./SiteLayout.tsx";

/** Any error as a page. The 404 page keeps SPEC.md's two lines. */
export function ErrorPage({ status, title, message }: { status: number; title: string; message: string }) {
  return (
    <SiteLayout narrow>
      <div className="empty-state">
        <p className="error-code" aria-hidden="true">{status}</p>
        <h1>{title}</h1>
        {status === 404
          ? (
            <>
              <p>We couldn't find the page you were looking for.</p>
              <p className="muted">Did you forget to add the page to the router?</p>
            </>
          )
          : <p>{message}</p>}
        <a className="button button--primary" href="/">Go Home</a>
      </div>
    </SiteLayout>
  );
}
