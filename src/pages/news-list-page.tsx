import type { Article } from '../db/repository.js';
import { formatDatePtBr } from '../news/format-date.js';
import { PATHS, articleImagePath, articlePath } from '../routes.js';

export interface NewsListPageProps {
  articles: Article[];
  page: number;
  pageCount: number;
  links: { prev?: string; next?: string };
}

/** Images of the first row are in the first viewport on a desktop; the rest load as the reader scrolls. */
const EAGER_IMAGES = 3;
/** The first card's image is the largest paint on a phone (React 18 does not know fetchPriority). */
const HIGH_PRIORITY = { fetchpriority: 'high' } as Record<string, string>;

function NewsCard({ article, index }: { article: Article; index: number }) {
  const href = articlePath(article);
  return (
    <li>
      <article className="news-card">
        {article.imagem_nome && (
          <img
            className="news-card-image"
            src={articleImagePath(article.id, article.imagem_nome)}
            width={article.imagem_width ?? undefined}
            height={article.imagem_height ?? undefined}
            alt=""
            loading={index < EAGER_IMAGES ? 'eager' : 'lazy'}
            decoding="async"
            {...(index === 0 ? HIGH_PRIORITY : {})}
          />
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

function Pagination({ page, pageCount, links }: Omit<NewsListPageProps, 'articles'>) {
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

export function NewsListPage({ articles, page, pageCount, links }: NewsListPageProps) {
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
                <NewsCard key={article.id} article={article} index={index} />
              ))}
            </ul>
          )}
          <Pagination page={page} pageCount={pageCount} links={links} />
        </div>
      </section>
    </>
  );
}
