import { workingCopy } from '../db/article-workflow.js';
import { articleCredits } from '../workflow/article-credits.js';
import type { StoredArticle } from '../db/repository.js';
import { ArticlePage, articleData, articleMeta, type ArticleData } from './article.js';
import type { PrivateRoute } from './page-route.js';
import { editArticlePath, PATHS } from './paths.js';
import { parseArticleId } from '../content/article-id.js';
import { mayRead } from '../workflow/permissions.js';
import { readerOf } from './article-heading.js';

export const PREVIEW_TITLE = 'Prévia — não publicada';

const STATUS_NAMES: Record<StoredArticle['status'], string> = {
  rascunho: 'rascunho',
  agendado: 'agendado',
  publicado: 'publicado',
  despublicado: 'despublicado',
};

/** Above the article in the preview, so nobody takes the page for the public one. */
function PreviewBanner({ article }: { article: StoredArticle }) {
  return (
    <aside className="preview-banner" aria-label="Aviso de prévia">
      <div className="container">
        <strong>{PREVIEW_TITLE}</strong>
        <span>
          Versão {article.versao} salva, em estado {STATUS_NAMES[article.status]}.
        </span>
        <a href={editArticlePath(article.id)}>Voltar ao editor</a>
      </div>
    </aside>
  );
}

interface PreviewData extends ArticleData {
  stored: StoredArticle;
}

function PreviewPage({ data }: { data: PreviewData }) {
  return (
    <>
      <PreviewBanner article={data.stored} />
      <ArticlePage data={data} />
    </>
  );
}

/**
 * /editor/previa/{id}: the saved version, in any state, through the very renderer of the public page,
 * for signed-in editors only; never cached, never indexed.
 */
export const previewPage: PrivateRoute<PreviewData> = {
  id: 'preview',
  path: PATHS.preview,
  kind: 'private',
  session: 'required',
  async load({ deps, params, session }) {
    const id = parseArticleId(String(params.id ?? ''));
    const stored = id === null ? null : await deps.repo.articles.get(id);
    const article = stored && mayRead(readerOf(session!), stored) ? workingCopy(stored) : null;
    if (!article) return { status: 404 };
    const [images, topics] = await Promise.all([deps.repo.images.imageSets([article.id]), deps.repo.topics.ofArticles([article.id])]);
    const notYetPublished = article.ja_publicado ? {} : { notYetPublished: { publicar_em: article.status === 'agendado' ? article.publicar_em : null } };
    return { status: 200, data: { ...articleData(article, images, deps.bodies, await articleCredits(deps.repo, article), topics.get(article.id)), ...notYetPublished, stored: article } };
  },
  meta: (site, data) => ({ ...articleMeta(site, data), noindex: true }),
  Component: PreviewPage,
  documentAssets: () => ({ scripts: [], stylesheets: [] }),
};
