/**
 * Renders a page of the route table into its document. Public and prerendered pages are rendered whole, in
 * one synchronous pass (ssr/render-whole; they never hydrate: decision 013); private pages are streamed as
 * they render (ssr/stream-page). The status was decided by the page's loader before this.
 */
import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { BodyContents, Document, DocumentHead } from './routes/layout/document.js';
import type { Config } from './config.js';
import type { DocumentAssets, PrerenderedRoute } from './routes/page-route.js';
import type { PageMeta } from './seo/page-meta.js';
import type { Assets } from './ssr/assets.js';
import type { RenderMemo } from './ssr/render-memo.js';
import { renderWhole } from './ssr/render-whole.js';
import { SiteProvider } from './ssr/site-context.js';
import type { StreamedPage } from './ssr/stream-page.js';

/** What rendering any page needs: the configuration, the built assets and the app's memory of shared markup. */
export interface RenderContext {
  config: Pick<Config, 'site'>;
  assets: Assets;
  memo: RenderMemo;
}

export interface DocumentOptions extends Partial<DocumentAssets> {
  /** The floating chat button (not on the editor's pages). */
  chat?: boolean;
}

function siteValue(ctx: RenderContext, meta: PageMeta) {
  return { site: ctx.config.site, assets: ctx.assets, path: meta.path.split('?')[0]!, memo: ctx.memo };
}

/** The whole HTML document of a page: head tags from `meta`, `body` inside the site's header and footer. */
export function pageElement(ctx: RenderContext, meta: PageMeta, body: ReactNode, options: DocumentOptions = {}): ReactElement {
  return (
    <SiteProvider value={siteValue(ctx, meta)}>
      <Document meta={meta} {...options}>
        {body}
      </Document>
    </SiteProvider>
  );
}

export function streamedPage(ctx: RenderContext, meta: PageMeta, body: ReactNode, options: DocumentOptions = {}): StreamedPage {
  const value = siteValue(ctx, meta);
  const head = renderToStaticMarkup(
    <SiteProvider value={value}>
      <DocumentHead meta={meta} {...options} />
    </SiteProvider>,
  );
  return {
    opening: `<!DOCTYPE html><html lang="pt-BR">${head}<body>`,
    body: (
      <SiteProvider value={value}>
        <BodyContents meta={meta} {...options}>
          {body}
        </BodyContents>
      </SiteProvider>
    ),
  };
}

/** A prerendered page's document (the build, a server started with another configuration, `npm run dev`). */
export function renderPrerendered(ctx: RenderContext, route: PrerenderedRoute): Buffer {
  const { Component } = route;
  return renderWhole(pageElement(ctx, route.meta(ctx.config.site), <Component />));
}

