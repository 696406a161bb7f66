import type { AppDeps } from '../app-deps.js';
import { AreaBar } from '../editor-area/area-bar.js';
import type { EditorSession } from '../editor-area/ports.js';
import { NewArticlePage, newArticleMeta } from '../pages/new-article-page.js';
import { PATHS } from '../routes.js';
import { Document } from '../ssr/document.js';
import { renderDocumentToString } from '../ssr/render.js';
import { SiteProvider } from '../ssr/site-context.js';

/**
 * The whole /novo-artigo document: the form rendered, the editor's script and styles linked. A
 * signed-in editor also gets the area's bar, and the form hides the key it no longer needs.
 */
export function renderNewArticlePage(deps: AppDeps, nextId: string, session: EditorSession | null): Promise<string> {
  const { site, apiBasePath } = deps.config;
  const { assets } = deps;
  const form = { apiBasePath, mode: { kind: 'new' } as const, initialNextId: nextId, ...(session ? { session } : {}) };
  return renderDocumentToString(
    <SiteProvider value={{ site, assets, path: PATHS.newArticle }}>
      <Document meta={newArticleMeta(site)} scripts={[assets.editorJs]} stylesheets={session ? [...assets.editorCss, assets.areaCss] : assets.editorCss}>
        {session && <AreaBar session={session} current="novo" />}
        <NewArticlePage form={form} />
      </Document>
    </SiteProvider>,
  );
}
