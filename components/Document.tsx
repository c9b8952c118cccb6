import type { ReactNode } from "react";
import type { AssetManifest } from "../lib/render/assets.ts";
import { useI18n } from "../lib/i18n/context.tsx";

export interface DocumentMeta {
  title: string;
  description?: string;
  /** Keeps search engines off pages about one team's children. */
  noindex?: boolean;
}

/** The HTML document every page shares: head, skip link, and the live region for toasts. */
export function Document(
  { title, description, noindex, assets, children }: DocumentMeta & { assets: AssetManifest; children: ReactNode },
) {
  const { lang, m } = useI18n();
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title === "GoalMates" ? title : `${title} · GoalMates`}</title>
        <meta name="description" content={description ?? m.common.siteDescription} />
        {noindex && <meta name="robots" content="noindex" />}
        <meta name="theme-color" content="#0f5132" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={assets.css} />
      </head>
      <body>
        <a className="skip-link" href="#main">{m.common.skipToMain}</a>
        {children}
        <div id="toast-region" className="toast-region" aria-live="polite"></div>
      </body>
    </html>
  );
}
