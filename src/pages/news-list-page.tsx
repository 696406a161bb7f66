import { CARD_IMAGE_SIZES, CARD_MAX_VARIANT_WIDTH } from '../components/image-sizes.js';
import { findImageSet } from '../components/picture-sources.js';
import { ResponsivePicture } from '../components/responsive-picture.js';
import type { Article } from '../db/repository.js';
import type { ImageSet } from '../images/image-set.js';
import { keywordList } from '../news/excerpt.js';
import { formatDatePtBr } from '../news/format-date.js';
import { PATHS, articlePath } from '../routes.js';

export interface NewsListPageProps {
  articles: Article[];
  /** The processed images of these articles; a card whose main image is missing gets the text layout. */
  images: readonly ImageSet[];
  page: number;
  pageCount: number;
  links: { prev?: string; next?: string };
}

/** Images of the first row are in the first viewport on a desktop; the rest load as the reader scrolls. */
const EAGER_IMAGES = 3;

/**
 * A card without a photo shows its subject (the first keyword) on a coloured panel the size of a photo,
 * so rows stay aligned and the card does not look like a missing image.
 */
function TopicPanel({ article }: { article: Article }) {
  const topic = keywordList(article.keywords)[0] ?? 'Notícia';
  return (
    <div className="news-card-topic" aria-hidden="true">
      <span>{topic}</span>
    </div>
  );
}

function NewsCard({ article, image, index }: { article: Article; image: ImageSet | undefined; index: number }) {
  const href = articlePath(article);
  return (
    <li>
      <article className={image ? 'news-card' : 'news-card news-card-text-only'}>
        {image ? (
          <ResponsivePicture
            set={image}
            className="news-card-image"
            sizes={CARD_IMAGE_SIZES}
            maxWidth={CARD_MAX_VARIANT_WIDTH}
            alt=""
            lazy={index >= EAGER_IMAGES}
            // The first card's image is the largest paint on a phone.
            priority={index === 0}
          />
        ) : (
          <TopicPanel article={article} />
        )}
        <div className="news-card-text">
          <h2 className="news-card-title">
            <a href={href}>{article.titulo}</a>
          </h2>
          <p className="news-card-date">
            <time dateTime={article.data_publicacao}>{formatDatePtBr(article.data_publicacao)}</time>
          </p>
          {article.descricao && <p className="news-card-description">{article.descricao}</p>}
          <a className="news-card-more" href={href}>
            Leia mais...<span className="visually-hidden"> sobre {article.titulo}</span>
          </a>
        </div>
      </article>
    </li>
  );
}

function Pagination({ page, pageCount, links }: Omit<NewsListPageProps, 'articles' | 'images'>) {
  if (pageCount <= 1) return null;
  return (
    <nav className="news-pagination" aria-label="Páginas de notícias">
      {links.prev && (
        <a className="button button-secondary news-pagination-prev" href={links.prev} rel="prev">
          <span aria-hidden="true">← </span>Mais recentes
        </a>
      )}
      <p className="news-pagination-status">
        Página {page} de {pageCount}
      </p>
      {links.next && (
        <a className="button button-secondary news-pagination-next" href={links.next} rel="next">
          Anteriores<span aria-hidden="true"> →</span>
        </a>
      )}
    </nav>
  );
}

export function NewsListPage({ articles, images, page, pageCount, links }: NewsListPageProps) {
  return (
    <>
      <section className="page-hero news-hero" aria-labelledby="noticias-titulo">
        <div className="container narrow">
          <h1 id="noticias-titulo">Notícias</h1>
          <p className="lead">Novidades sobre prontuário eletrônico, gestão do consultório e saúde digital.</p>
        </div>
      </section>
      <section className="news-section" aria-label={pageCount > 1 ? `Notícias, página ${page} de ${pageCount}` : 'Lista de notícias'}>
        <div className="container">
          {articles.length === 0 ? (
            <div className="card news-empty">
              <h2>Ainda não há notícias publicadas</h2>
              <p>
                Estamos preparando os primeiros artigos. Enquanto isso, conheça <a href={PATHS.plans}>nossos planos</a> ou
                volte para a <a href={PATHS.home}>página inicial</a>.
              </p>
            </div>
          ) : (
            <ul className="news-grid">
              {articles.map((article, index) => (
                <NewsCard key={article.id} article={article} image={findImageSet(images, article.id, article.imagem_nome)} index={index} />
              ))}
            </ul>
          )}
          <Pagination page={page} pageCount={pageCount} links={links} />
        </div>
      </section>
    </>
  );
}
