import type { AppDeps } from '../app-deps.js';
import { NewsListPage } from '../pages/news-list-page.js';
import { breadcrumbList } from '../seo/breadcrumbs.js';
import { feedTitle } from '../seo/feed.js';
import { newsCollectionPage } from '../seo/news-json-ld.js';
import type { PageMeta } from '../seo/page-meta.js';
import { PATHS } from '../routes.js';
import { pageDocument } from './page-document.js';
import { NEWS_PAGE_SIZE, newsPagePath, pageCount, pageLinks } from './pagination.js';
import type { Article, NewsView, SiteConfig } from './view-types.js';

const KEYWORDS = ['notícias', 'prontuário eletrônico', 'saúde digital', 'gestão de consultório', 'telemedicina'];

export function newsListMeta(site: SiteConfig, page: number, total: number, articles: Article[]): PageMeta {
  const path = newsPagePath(page);
  const count = pageCount(total);
  const title = page === 1 ? 'Notícias' : `Notícias – página ${page} de ${count}`;
  const description =
    `Notícias e artigos do ${site.productName} sobre prontuário eletrônico, gestão do consultório e saúde digital.` +
    (page === 1 ? '' : ` Página ${page} de ${count}.`);
  return {
    title,
    description,
    keywords: [...KEYWORDS, site.productName],
    path,
    jsonLd: [
      newsCollectionPage(site, { path, title, description, articles }),
      breadcrumbList(site, [
        { name: 'Início', path: PATHS.home },
        { name: 'Notícias', path: PATHS.news },
      ]),
    ],
    pagination: pageLinks(page, total),
    feeds: [{ title: feedTitle(site), path: PATHS.newsFeed }],
  };
}

/** A page of the list, or null past the last page (page 1 always exists: it shows the empty state). */
export async function loadNewsListView(deps: Pick<AppDeps, 'config' | 'assets' | 'repo'>, page: number): Promise<NewsView | null> {
  const { items, total } = await deps.repo.latest(page, NEWS_PAGE_SIZE);
  if (page > 1 && items.length === 0) return null;
  // One query for the whole page's images, not one per card.
  const images = await deps.repo.imageSets(items.map((article) => article.id));
  const meta = newsListMeta(deps.config.site, page, total, items);
  return {
    path: meta.path,
    element: pageDocument(
      deps,
      meta,
      <NewsListPage articles={items} images={images} page={page} pageCount={pageCount(total)} links={pageLinks(page, total)} />,
    ),
  };
}
