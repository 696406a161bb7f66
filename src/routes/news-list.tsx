import { CARD_IMAGE_SIZES, CARD_MAX_VARIANT_WIDTH } from '../components/image-sizes.js';
import { findImageSet } from '../images/picture-sources.js';
import { ResponsivePicture } from '../components/responsive-picture.js';
import { keywordList } from '../content/excerpt.js';
import { listingTags, topicTag } from './cache-tags.js';
import { formatDatePtBr } from '../content/format-date.js';
import type { SiteConfig } from '../config.js';
import type { Article } from '../db/repository.js';
import type { TopicCount } from '../db/topic-store.js';
import { NewsletterForm } from '../components/newsletter-form.js';
import type { ImageSet } from '../images/image-set.js';
import { feedTitle } from '../seo/feed.js';
import { newsCollectionMeta } from './collection-meta.js';
import { NEWS_PAGE_SIZE, pageCount, pageLinks, pageParam, parsePageRequest } from './news-pagination.js';
import type { PageMeta } from '../seo/page-meta.js';
import type { PublicRoute } from './page-route.js';
import { articlePath, newsPagePath, PATHS } from './paths.js';
import { TopicLinks } from './topic-links.js';
import { SearchForm } from './search-form.js';

export interface NewsListData {
  articles: Article[];
  /** The processed images of these articles; a card whose main image is missing gets the text layout. */
  images: readonly ImageSet[];
  page: number;
  total: number;
  /** The topics with a public article, with their counts. */
  topics?: TopicCount[];
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

/**
 * `index`: the card's place in the list, for how soon its image loads; `belowFold`: the list starts far
 * down the page (the home page), so no image is fetched before the reader scrolls to it. `heading`: the
 * level of its title, under the list's own heading.
 */
export function NewsCard({ article, image, index, belowFold = false, heading: Heading = 'h2' }: { article: Article; image: ImageSet | undefined; index: number; belowFold?: boolean; heading?: 'h2' | 'h3' }) {
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
            lazy={belowFold || index >= EAGER_IMAGES}
            // The first card's image is the largest paint on a phone.
            priority={!belowFold && index === 0}
          />
        ) : (
          <TopicPanel article={article} />
        )}
        <div className="news-card-text">
          <Heading className="news-card-title">
            <a href={href}>{article.titulo}</a>
          </Heading>
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

export function Pagination({ page, pageCount, links, label = 'Páginas de notícias' }: { page: number; pageCount: number; links: { prev?: string; next?: string }; label?: string }) {
  if (pageCount <= 1) return null;
  return (
    <nav className="news-pagination" aria-label={label}>
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

function NewsListPage({ data: { articles, images, page, total, topics = [] } }: { data: NewsListData }) {
  const links = pageLinks(page, total);
  const count = pageCount(total);
  return (
    <>
      <section className="page-hero news-hero" aria-labelledby="noticias-titulo">
        <div className="container narrow">
          <h1 id="noticias-titulo">Notícias</h1>
          <p className="lead">Novidades sobre prontuário eletrônico, gestão do consultório e saúde digital.</p>
          <SearchForm id="busca-noticias" />
          <TopicLinks topics={topics} label="Temas" className="news-topics" />
        </div>
      </section>
      <section className="news-section" aria-label={count > 1 ? `Notícias, página ${page} de ${count}` : 'Lista de notícias'}>
        <div className="container">
          {articles.length === 0 ? (
            <div className="card news-empty">
              <h2>Ainda não há notícias publicadas</h2>
              <p>
                Estamos preparando os primeiros artigos. Enquanto isso, conheça <a href={PATHS.plans}>nossos planos</a> ou volte para a{' '}
                <a href={PATHS.home}>página inicial</a>.
              </p>
            </div>
          ) : (
            <ul className="news-grid">
              {articles.map((article, index) => (
                <NewsCard key={article.id} article={article} image={findImageSet(images, article.id, article.imagem_nome)} index={index} />
              ))}
            </ul>
          )}
          <Pagination page={page} pageCount={count} links={links} />
          <NewsletterForm id="boletim-noticias" action={PATHS.newsletterSignup} page={PATHS.news} topics={topics} />
        </div>
      </section>
    </>
  );
}

const KEYWORDS = ['notícias', 'prontuário eletrônico', 'saúde digital', 'gestão de consultório', 'telemedicina'];

export function newsListMeta(site: SiteConfig, { page, total, articles }: Pick<NewsListData, 'page' | 'total' | 'articles'>): PageMeta {
  return newsCollectionMeta(site, {
    title: 'Notícias',
    description: `Notícias e artigos do ${site.productName} sobre prontuário eletrônico, gestão do consultório e saúde digital.`,
    keywords: [...KEYWORDS, site.productName],
    pathOf: newsPagePath,
    breadcrumbs: [
      { name: 'Início', path: PATHS.home },
      { name: 'Notícias', path: PATHS.news },
    ],
    feed: { title: feedTitle(site), path: PATHS.newsFeed },
    page,
    total,
    articles,
  });
}

export const listCacheKey = (page: number) => `lista:${page}`;

/** GET /noticias[?pagina=N]: a page of the list; past the last page 404 (page 1 always exists: it shows the empty state). */
export const newsListPage: PublicRoute<NewsListData> = {
  id: 'news',
  path: PATHS.news,
  kind: 'public',
  cacheKey(_params, search) {
    const request = parsePageRequest(pageParam(search));
    return request.kind === 'page' ? listCacheKey(request.page) : undefined;
  },
  async load({ deps, search }) {
    const request = parsePageRequest(pageParam(search));
    if (request.kind === 'not-found') return { status: 404 };
    if (request.kind === 'redirect') return { status: 301, location: request.location };
    const { items, total } = await deps.repo.publicArticles.latest(request.page, NEWS_PAGE_SIZE);
    if (request.page > 1 && items.length === 0) return { status: 404 };
    // One query for the whole page's images, not one per card.
    const [images, topics] = await Promise.all([deps.repo.images.imageSets(items.map((article) => article.id)), deps.repo.topics.list(true)]);
    return { status: 200, data: { articles: items, images, page: request.page, total, topics } };
  },
  tags: (data) => [...listingTags(data.articles), ...(data.topics ?? []).map((topic) => topicTag(topic.id))],
  meta: newsListMeta,
  Component: NewsListPage,
};
