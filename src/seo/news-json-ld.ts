import type { CollectionPage, NewsArticle } from 'schema-dts';
import type { SiteConfig } from '../config.js';
import type { Article } from '../db/repository.js';
import { absoluteUrl, articleImagePath, articlePath } from '../routes.js';
import { LOGO_PATH, organizationId, websiteId } from './json-ld.js';

/** Google truncates longer headlines in rich results. */
const HEADLINE_MAX = 110;

export function headline(titulo: string): string {
  return titulo.length <= HEADLINE_MAX ? titulo : `${titulo.slice(0, HEADLINE_MAX - 1).trimEnd()}…`;
}

export function articleImageUrl(site: SiteConfig, article: Article): string {
  return absoluteUrl(site, article.imagem_nome ? articleImagePath(article.id, article.imagem_nome) : LOGO_PATH);
}

export function newsArticle(site: SiteConfig, article: Article, description: string): Exclude<NewsArticle, string> {
  const url = absoluteUrl(site, articlePath(article));
  return {
    '@type': 'NewsArticle',
    '@id': `${url}#artigo`,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    headline: headline(article.titulo),
    description,
    ...(article.keywords.trim() ? { keywords: article.keywords } : {}),
    image: {
      '@type': 'ImageObject',
      url: articleImageUrl(site, article),
      ...(article.imagem_nome && article.imagem_width && article.imagem_height
        ? { width: String(article.imagem_width), height: String(article.imagem_height) }
        : { width: '512', height: '512' }),
      ...(article.imagem_caption ? { caption: article.imagem_caption } : {}),
    },
    datePublished: article.data_publicacao,
    dateModified: article.data_atualizacao,
    author: { '@type': 'Person', name: article.autor },
    publisher: {
      '@type': 'Organization',
      '@id': organizationId(site),
      name: site.productName,
      logo: { '@type': 'ImageObject', url: absoluteUrl(site, LOGO_PATH), width: '512', height: '512' },
    },
    inLanguage: 'pt-BR',
    isPartOf: { '@id': websiteId(site) },
  };
}

export function newsCollectionPage(
  site: SiteConfig,
  page: { path: string; title: string; description: string; articles: Article[] },
): Exclude<CollectionPage, string> {
  const url = absoluteUrl(site, page.path);
  return {
    '@type': 'CollectionPage',
    '@id': `${url}#pagina`,
    url,
    name: page.title,
    description: page.description,
    inLanguage: 'pt-BR',
    isPartOf: { '@id': websiteId(site) },
    publisher: { '@id': organizationId(site) },
    mainEntity: {
      '@type': 'ItemList',
      itemListElement: page.articles.map((article, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        url: absoluteUrl(site, articlePath(article)),
        name: article.titulo,
      })),
    },
  };
}
