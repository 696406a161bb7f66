import type { ReactNode } from 'react';
import type { AppDeps } from '../app-deps.js';
import { findImageSet } from '../components/picture-sources.js';
import type { ImageSet } from '../images/image-set.js';
import { ArticlePage, mainImageAlt } from '../pages/article-page.js';
import { breadcrumbList, type Crumb } from '../seo/breadcrumbs.js';
import { feedTitle } from '../seo/feed.js';
import { newsArticle } from '../seo/news-json-ld.js';
import type { PageMeta } from '../seo/page-meta.js';
import { socialImage } from '../seo/social-image.js';
import { PATHS, articlePath } from '../routes.js';
import { responsiveBodyImages } from './body-images.js';
import { safeArticleBody } from './safe-article-body.js';
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

export function articleMeta(site: SiteConfig, article: Article, bodyHtml: string, mainImage?: ImageSet): PageMeta {
  const description = article.descricao.trim() || excerpt(bodyHtml) || article.titulo;
  const image = socialImage(mainImage, mainImageAlt(article));
  return {
    title: article.titulo,
    description,
    keywords: keywordList(article.keywords),
    path: articlePath(article),
    ogType: 'article',
    ...(image ? { image } : {}),
    article: { publishedTime: article.data_publicacao, modifiedTime: article.data_atualizacao, author: article.autor },
    jsonLd: [newsArticle(site, article, description, mainImage), breadcrumbList(site, articleCrumbs(article))],
    feeds: [{ title: feedTitle(site), path: PATHS.newsFeed }],
  };
}

/**
 * The body is sanitised again for display (safeArticleBody): a row written by an older, looser version
 * of the API is still safe to show.
 * `images` are the article's processed uploads: a main image without one (a failed upload) is not shown.
 * `banner` goes above the article (the editor's preview), which then is never indexed.
 */
export function articleView(
  deps: Pick<AppDeps, 'config' | 'assets'>,
  article: Article,
  images: readonly ImageSet[],
  banner?: ReactNode,
): NewsView {
  const bodyHtml = responsiveBodyImages(safeArticleBody(article.conteudo), article.id, images);
  const mainImage = findImageSet(images, article.id, article.imagem_nome);
  const meta = articleMeta(deps.config.site, article, bodyHtml, mainImage);
  return {
    path: meta.path,
    element: pageDocument(
      deps,
      banner ? { ...meta, noindex: true } : meta,
      <>
        {banner}
        <ArticlePage article={article} mainImage={mainImage} bodyHtml={bodyHtml} breadcrumbs={articleCrumbs(article)} />
      </>,
    ),
  };
}
