import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { AssetManifest } from "./assets.ts";
import { RenderContext, RenderState } from "./context.ts";
import { escapeHtml } from "./serialize.ts";
import { Document, type DocumentMeta } from "../../components/Document.tsx";
import { I18nProvider } from "../i18n/context.tsx";
import { messagesFor } from "../i18n/catalog.ts";
import { DEFAULT_LANGUAGE, type Language } from "../i18n/languages.ts";

/**
 * A rendered page kept as the pieces around its nonce positions, so one render (which may be
 * cached) serves every response with that response's own CSP nonce. A `shared` page has no
 * nonce at all: it is the same bytes for everyone (see `PageOptions.shared`).
 */
export class RenderedPage {
  constructor(
    readonly segments: string[],
    readonly status: number,
    readonly shared = false,
    /** The language it is written in (sent as `Content-Language`). */
    readonly lang: Language = DEFAULT_LANGUAGE,
  ) {}
  html(nonce: string): string {
    return this.segments.join(nonce);
  }
}

/** The estimated memory a rendered page holds (UTF-16 strings), for the caches' byte bounds. */
export const renderedPageBytes = (page: RenderedPage): number =>
  page.segments.reduce((bytes, segment) => bytes + segment.length * 2, 0);

export interface PageOptions extends DocumentMeta {
  status?: number;
  /**
   * The page is the same for every visitor, so a finished response may be sent again as it is
   * (routes/fast_path.ts): its scripts carry no nonce, and it is sent with a CSP that allows
   * only this site's script files (`SHARED_PAGE_CSP`). It may have no inline script that runs;
   * island props are `application/json` data, which never runs and needs no nonce.
   */
  shared?: boolean;
  /** The language it is written in (the request's: routes/language.ts); English by default. */
  lang?: Language;
  /** The page's path, where its language switch comes back to (`pageLanguage(c)` gives both). */
  path?: string;
}

/** Server-renders `element` inside the document; adds island props and the boot module. */
export function renderPage(assets: AssetManifest, element: ReactNode, options: PageOptions): RenderedPage {
  // Random per render, so no stored text can contain it and be turned into a nonce.
  const placeholder = `__nonce_${crypto.randomUUID()}__`;
  const nonce = options.shared ? "" : ` nonce="${placeholder}"`;
  const state = new RenderState(assets, placeholder);
  const lang = options.lang ?? DEFAULT_LANGUAGE;
  const markup = renderToString(
    <RenderContext.Provider value={state}>
      <I18nProvider value={{ lang, m: messagesFor(lang), path: options.path }}>
        <Document {...options} assets={assets}>{element}</Document>
      </I18nProvider>
    </RenderContext.Provider>,
  );
  let scripts = "";
  for (const island of state.islands) {
    scripts += `<script type="application/json" id="${island.id}"${nonce}>${island.propsJson}</script>`;
  }
  if (state.islands.length > 0) {
    scripts += `<script type="module"${nonce} src="${escapeHtml(assets.boot)}"></script>`;
  }
  const end = markup.lastIndexOf("</body>");
  const html = `<!DOCTYPE html>${markup.slice(0, end)}${scripts}${markup.slice(end)}`;
  const segments = html.split(placeholder);
  if (options.shared && segments.length > 1) throw new Error("A shared page cannot carry a nonce");
  return new RenderedPage(segments, options.status ?? 200, options.shared ?? false, lang);
}
