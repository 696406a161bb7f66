import type { SiteConfig } from '../config.js';
import type { StaticPageName } from '../routes.js';
import type { Assets } from '../ssr/assets.js';
import { Document } from '../ssr/document.js';
import { renderDocumentToString } from '../ssr/render.js';
import { SiteProvider } from '../ssr/site-context.js';
import { MARKETING_PAGES } from './marketing-pages.js';

/** The full HTML of one marketing page: the same function feeds the prerenderer and on-demand rendering. */
export function renderMarketingPage(name: StaticPageName, site: SiteConfig, assets: Assets): Promise<string> {
  const { Component, meta } = MARKETING_PAGES[name];
  const pageMeta = meta(site);
  return renderDocumentToString(
    <SiteProvider value={{ site, assets, path: pageMeta.path }}>
      <Document meta={pageMeta}>
        <Component />
      </Document>
    </SiteProvider>,
  );
}
