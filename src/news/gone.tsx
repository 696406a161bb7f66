import type { Response } from 'express';
import type { AppDeps } from '../app-deps.js';
import { GonePage, goneMeta } from '../pages/gone-page.js';
import { Document } from '../ssr/document.js';
import { renderDocumentToString } from '../ssr/render.js';
import { SiteProvider } from '../ssr/site-context.js';

/** Depends only on the configuration and the assets, so it is rendered once per app. */
const rendered = new WeakMap<Pick<AppDeps, 'config' | 'assets'>, Promise<string>>();

function goneHtml(deps: Pick<AppDeps, 'config' | 'assets'>): Promise<string> {
  let html = rendered.get(deps);
  if (!html) {
    const meta = goneMeta(deps.config.site);
    html = renderDocumentToString(
      <SiteProvider value={{ site: deps.config.site, assets: deps.assets, path: meta.path }}>
        <Document meta={meta}>
          <GonePage />
        </Document>
      </SiteProvider>,
    );
    rendered.set(deps, html);
    html.catch(() => rendered.delete(deps));
  }
  return html;
}

/** 410 for an article that was public and was unpublished or deleted: crawlers drop it, readers are told. */
export async function sendGone(res: Response, deps: Pick<AppDeps, 'config' | 'assets'>): Promise<void> {
  const html = await goneHtml(deps);
  res.status(410).setHeader('Cache-Control', 'no-cache');
  res.setHeader('X-Robots-Tag', 'noindex');
  res.type('html').send(html);
}
