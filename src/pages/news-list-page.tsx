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
            Leia mais...<span className="news-visually-hidden"> sobre {article.titulo}</span>
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
      {links.prev ? (
        <a href={links.prev} rel="prev">
          ← Notícias mais recentes
        </a>
      ) : (
        <span />
      )}
      <p>
        Página {page} de {pageCount}
      </p>
      {links.next ? (
        <a href={links.next} rel="next">
          Notícias anteriores →
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

export function NewsListPage({ articles, page, pageCount, links }: NewsListPageProps) {
  return (
    <div className="news">
      <header className="news-header">
        <h1>Notícias</h1>
        <p>Novidades sobre prontuário eletrônico, gestão do consultório e saúde digital.</p>
      </header>
      {articles.length === 0 ? (
        <div className="news-empty">
          <h2>Ainda não há notícias publicadas</h2>
          <p>
            Estamos preparando os primeiros artigos. Enquanto isso, conheça <a href={PATHS.plans}>nossos planos</a> ou
            volte à <a href={PATHS.home}>página inicial</a>.
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
  );
}
