import type { AppDeps } from '../app-deps.js';
import { sanitizeArticleHtml } from '../lib/sanitize-article-html.js';
import { ArticlePage } from '../pages/article-page.js';
import { breadcrumbList, type Crumb } from '../seo/breadcrumbs.js';
import { feedTitle } from '../seo/feed.js';
import { newsArticle } from '../seo/news-json-ld.js';
import type { PageMeta } from '../seo/page-meta.js';
import { PATHS, articleImagePath, articlePath } from '../routes.js';
import { excerpt, keywordList } from './excerpt.js';
import { pageDocument } from './page-document.js';
import type { Article, NewsView, SiteConfig } from './view-types.js';

export function articleCrumbs(article: Article): Crumb[] {
  return [
    { name: 'Início', path: PATHS.home },
    { name: 'Notícias', path: PATHS.news },
    { name: article.titulo, path: articlePath(article) },
  ];
}

export function articleMeta(site: SiteConfig, article: Article, bodyHtml: string): PageMeta {
  const description = article.descricao.trim() || excerpt(bodyHtml) || article.titulo;
  const image =
    article.imagem_nome && article.imagem_width && article.imagem_height
      ? {
          url: articleImagePath(article.id, article.imagem_nome),
          width: article.imagem_width,
          height: article.imagem_height,
          alt: article.imagem_caption || article.titulo,
        }
      : undefined;
  return {
    title: article.titulo,
    description,
    keywords: keywordList(article.keywords),
    path: articlePath(article),
    ogType: 'article',
    ...(image ? { image } : {}),
    article: { publishedTime: article.data_publicacao, modifiedTime: article.data_atualizacao, author: article.autor },
    jsonLd: [newsArticle(site, article, description), breadcrumbList(site, articleCrumbs(article))],
    feeds: [{ title: feedTitle(site), path: PATHS.newsFeed }],
  };
}

/** Sanitised again at render: a row written by an older, looser version of the API is still safe to show. */
export function articleView(deps: Pick<AppDeps, 'config' | 'assets'>, article: Article): NewsView {
  const bodyHtml = sanitizeArticleHtml(article.conteudo);
  const meta = articleMeta(deps.config.site, article, bodyHtml);
  return {
    path: meta.path,
    element: pageDocument(deps, meta, <ArticlePage article={article} bodyHtml={bodyHtml} breadcrumbs={articleCrumbs(article)} />),
  };
}
