import type { Response } from 'express';
import type { ReactNode } from 'react';
import type { AppDeps } from '../app-deps.js';
import type { PageMeta } from '../seo/page-meta.js';
import { Document } from '../ssr/document.js';
import { renderDocumentToString } from '../ssr/render.js';
import { SiteProvider } from '../ssr/site-context.js';

export interface AreaPage {
  meta: PageMeta;
  body: ReactNode;
  /** Only the article form ships a script; list, history and sign-in work as plain HTML. */
  withEditor?: boolean;
}

/** Private pages: never cached by anyone, never indexed, never framed. */
export function setPrivatePageHeaders(res: Response): void {
  res.set('Cache-Control', 'no-store').set('X-Robots-Tag', 'noindex, nofollow');
}

export function renderAreaDocument(deps: Pick<AppDeps, 'config' | 'assets'>, page: AreaPage): Promise<string> {
  const { assets } = deps;
  const stylesheets = page.withEditor ? [...assets.editorCss, assets.areaCss] : [assets.areaCss];
  return renderDocumentToString(
    <SiteProvider value={{ site: deps.config.site, assets, path: page.meta.path }}>
      <Document meta={page.meta} stylesheets={stylesheets} scripts={page.withEditor ? [assets.editorJs] : []}>
        {page.body}
      </Document>
    </SiteProvider>,
  );
}

export async function sendAreaPage(deps: Pick<AppDeps, 'config' | 'assets'>, res: Response, page: AreaPage, status = 200): Promise<void> {
  const html = await renderAreaDocument(deps, page);
  setPrivatePageHeaders(res);
  res.status(status).type('html').send(html);
}
