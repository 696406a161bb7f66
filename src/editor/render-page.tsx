import type { AppDeps } from '../app-deps.js';
import { NewArticlePage, newArticleMeta } from '../pages/new-article-page.js';
import { PATHS } from '../routes.js';
import { Document } from '../ssr/document.js';
import { renderDocumentToString } from '../ssr/render.js';
import { SiteProvider } from '../ssr/site-context.js';

/** The whole /novo-artigo document: the form rendered, the editor's script and styles linked. */
export function renderNewArticlePage(deps: AppDeps, nextId: string): Promise<string> {
  const { site, apiBasePath } = deps.config;
  return renderDocumentToString(
    <SiteProvider value={{ site, assets: deps.assets, path: PATHS.newArticle }}>
      <Document meta={newArticleMeta(site)} scripts={[deps.assets.editorJs]} stylesheets={deps.assets.editorCss}>
        <NewArticlePage form={{ apiBasePath, mode: { kind: 'new' }, initialNextId: nextId }} />
      </Document>
    </SiteProvider>,
  );
}
