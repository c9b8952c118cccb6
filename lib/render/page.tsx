import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { AssetManifest } from "./assets.ts";
import { RenderContext, RenderState } from "./context.ts";
import { escapeHtml } from "./serialize.ts";
import { Document, type DocumentMeta } from "../../components/Document.tsx";

/**
 * A rendered page kept as the pieces around its nonce positions, so one render (which may be
 * cached) serves every response with that response's own CSP nonce.
 */
export class RenderedPage {
  constructor(readonly segments: string[], readonly status: number) {}
  html(nonce: string): string {
    return this.segments.join(nonce);
  }
}

/** The estimated memory a rendered page holds (UTF-16 strings), for the caches' byte bounds. */
export const renderedPageBytes = (page: RenderedPage): number =>
  page.segments.reduce((bytes, segment) => bytes + segment.length * 2, 0);

export interface PageOptions extends DocumentMeta {
  status?: number;
}

/** Server-renders `element` inside the document; adds island props and the boot module. */
export function renderPage(assets: AssetManifest, element: ReactNode, options: PageOptions): RenderedPage {
  // Random per render, so no stored text can contain it and be turned into a nonce.
  const placeholder = `__nonce_${crypto.randomUUID()}__`;
  const state = new RenderState(assets, placeholder);
  const markup = renderToString(
    <RenderContext.Provider value={state}>
      <Document {...options} assets={assets}>{element}</Document>
    </RenderContext.Provider>,
  );
  let scripts = "";
  for (const island of state.islands) {
    scripts += `<script type="application/json" id="${island.id}" nonce="${placeholder}">${island.propsJson}</script>`;
  }
  if (state.islands.length > 0) {
    scripts += `<script type="module" nonce="${placeholder}" src="${escapeHtml(assets.boot)}"></script>`;
  }
  const end = markup.lastIndexOf("</body>");
  const html = `<!DOCTYPE html>${markup.slice(0, end)}${scripts}${markup.slice(end)}`;
  return new RenderedPage(html.split(placeholder), options.status ?? 200);
}
