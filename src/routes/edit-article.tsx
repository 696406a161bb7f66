import { AreaBar } from './layout/area-bar.js';
import type { FormRootProps } from '../editor/form/form-root.js';
import { privateMeta } from '../seo/private-meta.js';
import { articleHeading, readerOf, type ArticleHeading } from './article-heading.js';
import { ArticleFormRoot } from './layout/article-form-root.js';
import { articleFormAssets } from './layout/page-assets.js';
import type { EditorSession, PrivateRoute } from './page-route.js';
import { may } from '../people/roles.js';
import { editArticlePath, PATHS } from './paths.js';
import type { ShareLinkSummary } from '../db/share-link-store.js';
import { ShareLinksPanel } from './share-links-panel.js';

export interface EditArticleData {
  session: EditorSession;
  article: ArticleHeading;
  form: FormRootProps;
  /** The article's share links, for those who may publish it (issue 33). */
  shareLinks?: { links: ShareLinkSummary[]; now: string };
}

/** /editor/artigos/{id}: the /novo-artigo form in edit mode; the form loads the article itself after hydration. */
function EditArticlePage({ data: { session, article, form, shareLinks } }: { data: EditArticleData }) {
  return (
    <>
      <AreaBar session={session} />
      <section className="section editor-page" aria-labelledby="editar-artigo-titulo">
        <div className="container narrow">
          <p className="area-back">
            <a href={PATHS.editorHome}>← Todos os artigos</a>
          </p>
          <h1 id="editar-artigo-titulo">Editar artigo</h1>
          {/* The state is shown by the form, which keeps it current after each action. */}
          <p className="lead">{article.titulo}</p>
          <ArticleFormRoot form={form} />
          {shareLinks ? <ShareLinksPanel id={article.id} links={shareLinks.links} now={shareLinks.now} /> : null}
        </div>
      </section>
    </>
  );
}

export const editArticlePage: PrivateRoute<EditArticleData> = {
  id: 'edit-article',
  path: PATHS.editArticle,
  kind: 'private',
  session: 'required',
  async load({ deps, params, session }) {
    const article = await articleHeading(deps.repo, params.id, readerOf(session!));
    if (!article) return { status: 404 };
    const own = session!.id_pessoa !== null && article.id_criador === session!.id_pessoa;
    const podePublicar = may(session!.papel, 'publicar', own);
    const form = { apiBasePath: deps.config.apiBasePath, mode: { kind: 'edit', id: article.id } as const, session: { autor: session!.autor, podePublicar, podeRevisar: may(session!.papel, 'aprovar-revisao') } };
    const shareLinks = podePublicar ? { links: await deps.repo.shareLinks.list(article.id), now: new Date().toISOString() } : undefined;
    return { status: 200, data: { session: session!, article, form, ...(shareLinks ? { shareLinks } : {}) } };
  },
  meta: (_site, { article }) =>
    privateMeta(editArticlePath(article.id), `Editar: ${article.titulo}`, 'Edição de um artigo da seção de notícias.'),
  Component: EditArticlePage,
  documentAssets: (assets) => articleFormAssets(assets, true),
};
