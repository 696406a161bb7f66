import type { SiteConfig } from '../config.js';
import type { Article } from '../db/repository.js';
import { breadcrumbList } from '../seo/breadcrumbs.js';
import { newsCollectionPage } from '../seo/news-json-ld.js';
import type { PageMeta } from '../seo/page-meta.js';
import { pageCount, pageLinks } from './news-pagination.js';
import { articlePath } from './paths.js';

export interface NewsCollection {
  /** The first page's title; later pages add "– página N de M". */
  title: string;
  /** The first page's description; later pages add "Página N de M." so no two pages share it. */
  description: string;
  keywords: string[];
  pathOf: (page: number) => string;
  breadcrumbs: { name: string; path: string }[];
  feed: { title: string; path: string };
  page: number;
  total: number;
  articles: Article[];
}

/** The meta of a paged list of articles (/noticias, a topic): CollectionPage and BreadcrumbList JSON-LD. */
export function newsCollectionMeta(site: SiteConfig, collection: NewsCollection): PageMeta {
  const { page, total, pathOf } = collection;
  const path = pathOf(page);
  const count = pageCount(total);
  const title = page === 1 ? collection.title : `${collection.title} – página ${page} de ${count}`;
  const description = collection.description + (page === 1 ? '' : ` Página ${page} de ${count}.`);
  return {
    title,
    description,
    keywords: collection.keywords,
    path,
    jsonLd: [
      newsCollectionPage(site, {
        path,
        title,
        description,
        articles: collection.articles.map((article) => ({ path: articlePath(article), titulo: article.titulo })),
      }),
      breadcrumbList(site, collection.breadcrumbs),
    ],
    pagination: pageLinks(page, total, pathOf),
    feeds: [collection.feed],
  };
}
