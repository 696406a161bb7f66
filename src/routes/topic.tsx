import type { SiteConfig } from '../config.js';
import type { Article } from '../db/repository.js';
import type { Topic } from '../db/topic-store.js';
import type { ImageSet } from '../images/image-set.js';
import { findImageSet } from '../images/picture-sources.js';
import type { PageMeta } from '../seo/page-meta.js';
import { listingTags, topicTag } from './cache-tags.js';
import { newsCollectionMeta } from './collection-meta.js';
import { NewsCard, Pagination } from './news-list.js';
import { NEWS_PAGE_SIZE, pageCount, pageLinks, parseSlugPageRequest } from './news-pagination.js';
import type { PublicRoute } from './page-route.js';
import { PATHS, topicFeedPath, topicPath } from './paths.js';

export interface TopicData {
  topic: Topic;
  articles: Article[];
  images: readonly ImageSet[];
  page: number;
  total: number;
}

function TopicPage({ data: { topic, articles, images, page, total } }: { data: TopicData }) {
  const count = pageCount(total);
  return (
    <>
      <section className="page-hero news-hero" aria-labelledby="tema-titulo">
        <div className="container narrow">
          <p className="topic-kicker">Tema</p>
          <h1 id="tema-titulo">{topic.nome}</h1>
          <p className="lead">{total === 1 ? '1 artigo' : `${total} artigos`} sobre {topic.nome}.</p>
        </div>
      </section>
      <section className="news-section" aria-label={count > 1 ? `Artigos sobre ${topic.nome}, página ${page} de ${count}` : `Artigos sobre ${topic.nome}`}>
        <div className="container">
          <ul className="news-grid">
            {articles.map((article, index) => (
              <NewsCard key={article.id} article={article} image={findImageSet(images, article.id, article.imagem_nome)} index={index} />
            ))}
          </ul>
          <Pagination page={page} pageCount={count} links={pageLinks(page, total, (n) => topicPath(topic.slug, n))} label={`Páginas de artigos sobre ${topic.nome}`} />
          <p className="article-back">
            <a href={PATHS.news}>← Todas as notícias</a>
          </p>
        </div>
      </section>
    </>
  );
}

function topicMeta(site: SiteConfig, { topic, articles, page, total }: TopicData): PageMeta {
  return newsCollectionMeta(site, {
    title: `${topic.nome}: notícias e artigos`,
    description: `Notícias e artigos do ${site.productName} sobre ${topic.nome}, do mais recente ao mais antigo.`,
    keywords: [topic.nome, 'notícias', site.productName],
    pathOf: (n) => topicPath(topic.slug, n),
    breadcrumbs: [
      { name: 'Início', path: PATHS.home },
      { name: 'Notícias', path: PATHS.news },
      { name: topic.nome, path: topicPath(topic.slug) },
    ],
    feed: { title: `${site.productName}: ${topic.nome}`, path: topicFeedPath(topic.slug) },
    page,
    total,
    articles,
  });
}

export const topicCacheKey = (slug: string, page: number) => `tema:${slug}:${page}`;

/**
 * GET /noticias/temas/{slug}[?pagina=N]: a topic's public articles, as /noticias pages them. A topic
 * without a public article is a 404; the old slug of a renamed topic redirects to its new page.
 */
export const topicPage: PublicRoute<TopicData> = {
  id: 'topic',
  path: PATHS.topic,
  kind: 'public',
  cacheKey(params, search) {
    const request = parseSlugPageRequest(params, search, topicPath);
    return request.kind === 'page' ? topicCacheKey(request.slug, request.page) : undefined;
  },
  async load({ deps, params, search }) {
    const request = parseSlugPageRequest(params, search, topicPath);
    if (request.kind === 'not-found') return { status: 404 };
    if (request.kind === 'redirect') return { status: 301, location: request.location };
    const found = await deps.repo.topics.find(request.slug);
    if (!found) return { status: 404 };
    if ('renamedTo' in found) return { status: 301, location: topicPath(found.renamedTo, request.page) };
    const { items, total } = await deps.repo.publicArticles.publicByTopic(found.topic.id, request.page, NEWS_PAGE_SIZE);
    if (items.length === 0) return { status: 404 };
    const images = await deps.repo.images.imageSets(items.map((article) => article.id));
    return { status: 200, data: { topic: found.topic, articles: items, images, page: request.page, total } };
  },
  tags: (data) => [topicTag(data.topic.id), ...listingTags(data.articles)],
  meta: topicMeta,
  Component: TopicPage,
};
