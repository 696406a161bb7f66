import type { SiteConfig } from '../config.js';
import { AreaBar } from './layout/area-bar.js';
import type { FormRootProps } from '../editor/form/form-root.js';
import { webPage } from '../seo/json-ld.js';
import type { PageMeta } from '../seo/page-meta.js';
import { ArticleFormRoot } from './layout/article-form-root.js';
import { articleFormAssets } from './layout/page-assets.js';
import type { EditorSession, PrivateRoute } from './page-route.js';
import { may } from '../people/roles.js';
import { PATHS } from './paths.js';

const TITLE = 'Novo artigo';
const DESCRIPTION = 'Área interna para escrever e publicar artigos na seção de notícias.';

export function newArticleMeta(site: SiteConfig): PageMeta {
  const page = { path: PATHS.newArticle, title: TITLE, description: DESCRIPTION };
  return { ...page, keywords: ['novo artigo', 'notícias', site.productName], noindex: true, jsonLd: [webPage(site, page)] };
}

export interface NewArticleData {
  /** Signed in: the area's bar is shown. */
  session?: EditorSession;
  form: FormRootProps;
}

function NewArticlePage({ data: { session, form } }: { data: NewArticleData }) {
  return (
    <>
      {session && <AreaBar session={session} current="novo" />}
      <section className="section editor-page" aria-labelledby="novo-artigo-titulo">
        <div className="container narrow">
          <h1 id="novo-artigo-titulo">{TITLE}</h1>
          <p className="lead">
            Preencha os campos e escreva o conteúdo. O rascunho é salvo no servidor alguns segundos depois que você para de digitar (com um
            título e a chave ou uma sessão), e também neste navegador, caso a conexão caia.
          </p>
          <ArticleFormRoot form={form} />
        </div>
      </section>
    </>
  );
}

/**
 * /novo-artigo: never cached (it shows the next id), never indexed. A signed-in editor also gets the
 * area's bar, and the form hides the key it no longer needs.
 */
export const newArticlePage: PrivateRoute<NewArticleData> = {
  id: 'new-article',
  path: PATHS.newArticle,
  kind: 'private',
  session: 'optional',
  async load({ deps, session }) {
    // The id is only a preview; if storage is down the browser asks the API again.
    const initialNextId = await deps.repo.articles.nextId().then(String, () => '');
    const formSession = session ? { session: { autor: session.autor, podePublicar: may(session.papel, 'publicar', true) } } : {};
    const form = { apiBasePath: deps.config.apiBasePath, mode: { kind: 'new' } as const, initialNextId, ...formSession };
    return { status: 200, data: { ...(session ? { session } : {}), form } };
  },
  meta: (site) => newArticleMeta(site),
  Component: NewArticlePage,
  documentAssets: (assets, { form }) => articleFormAssets(assets, Boolean(form.session)),
};
