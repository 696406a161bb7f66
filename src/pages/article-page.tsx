import type { Article } from '../db/repository.js';
import { formatDatePtBr } from '../news/format-date.js';
import type { Crumb } from '../seo/breadcrumbs.js';
import { PATHS, articleImagePath } from '../routes.js';

export interface ArticlePageProps {
  article: Article;
  /** Already sanitised: the HTML is inserted as is. */
  bodyHtml: string;
  breadcrumbs: Crumb[];
}

/** The main image is the largest paint of the page: fetch it first (React 18 does not know fetchPriority). */
const HIGH_PRIORITY = { fetchpriority: 'high' } as Record<string, string>;

function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Você está em">
      <ol>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <li key={crumb.path} aria-current="page">
              {crumb.name}
            </li>
          ) : (
            <li key={crumb.path}>
              <a href={crumb.path}>{crumb.name}</a>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}

export function ArticlePage({ article, bodyHtml, breadcrumbs }: ArticlePageProps) {
  return (
    <article className="article container narrow">
      <Breadcrumbs crumbs={breadcrumbs} />
      <header className="article-header">
        <h1>{article.titulo}</h1>
        <p className="article-byline">
          Publicado em <time dateTime={article.data_publicacao}>{formatDatePtBr(article.data_publicacao)}</time> por{' '}
          <span className="article-author">{article.autor}</span>
        </p>
        {article.descricao && <p className="article-lead">{article.descricao}</p>}
      </header>
      {article.imagem_nome && (
        <figure className="article-figure">
          <img
            src={articleImagePath(article.id, article.imagem_nome)}
            width={article.imagem_width ?? undefined}
            height={article.imagem_height ?? undefined}
            alt={article.imagem_caption || article.titulo}
            decoding="async"
            {...HIGH_PRIORITY}
          />
          {article.imagem_caption && <figcaption>{article.imagem_caption}</figcaption>}
        </figure>
      )}
      <div className="article-body" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
      <p className="article-back">
        <a href={PATHS.news}>← Voltar para as notícias</a>
      </p>
    </article>
  );
}
