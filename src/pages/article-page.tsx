import { ARTICLE_IMAGE_SIZES } from '../components/image-sizes.js';
import { ResponsivePicture } from '../components/responsive-picture.js';
import type { Article } from '../db/repository.js';
import type { ImageSet } from '../images/image-set.js';
import { formatDatePtBr } from '../news/format-date.js';
import type { Crumb } from '../seo/breadcrumbs.js';
import { PATHS } from '../routes.js';

export interface ArticlePageProps {
  article: Article;
  /** The processed main image; absent when the article has none or its upload failed. */
  mainImage?: ImageSet;
  /** Already sanitised: the HTML is inserted as is. */
  bodyHtml: string;
  breadcrumbs: Crumb[];
}

/** The main image's alternative text: its caption, or the title when it has none. */
export function mainImageAlt(article: Article): string {
  return article.imagem_caption || article.titulo;
}

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

export function ArticlePage({ article, mainImage, bodyHtml, breadcrumbs }: ArticlePageProps) {
  return (
    <article className={`article container narrow ${mainImage ? 'article-with-image' : 'article-text-only'}`}>
      <Breadcrumbs crumbs={breadcrumbs} />
      <header className="article-header">
        <h1>{article.titulo}</h1>
        <p className="article-byline">
          Publicado em <time dateTime={article.data_publicacao}>{formatDatePtBr(article.data_publicacao)}</time> por{' '}
          <span className="article-author">{article.autor}</span>
        </p>
        {article.descricao && <p className="article-lead">{article.descricao}</p>}
      </header>
      {mainImage && (
        <figure className="article-figure">
          {/* The largest paint of the page: fetched first, never lazy. */}
          <ResponsivePicture set={mainImage} sizes={ARTICLE_IMAGE_SIZES} alt={mainImageAlt(article)} priority />
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
