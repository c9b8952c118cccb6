import { SiteLayout } from "./SiteLayout.tsx";
import { useI18n } from "../lib/i18n/context.tsx";

/** Any error as a page. The 404 page keeps SPEC.md's two lines. */
export function ErrorPage({ status, title, message }: { status: number; title: string; message: string }) {
  const { m } = useI18n();
  return (
    <SiteLayout narrow>
      <div className="empty-state">
        <p className="error-code" aria-hidden="true">{status}</p>
        <h1>{title}</h1>
        {status === 404
          ? (
            <>
              <p>{m.errors.notFoundLines[0]}</p>
              <p className="muted">{m.errors.notFoundLines[1]}</p>
            </>
          )
          : <p>{message}</p>}
        <a className="button button--primary" href="/">{m.errors.goHome}</a>
      </div>
    </SiteLayout>
  );
}
