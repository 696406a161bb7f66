import type { CollectionPage, CorrectionComment, ImageObject, MedicalWebPage, NewsArticle, Person } from 'schema-dts';
import type { Correction } from '../db/correction-store.js';
import type { SiteConfig } from '../config.js';
import type { Article } from '../db/repository.js';
import type { ImageSet, ImageVariant } from '../images/image-set.js';
import { absoluteUrl } from '../lib/absolute-url.js';
import { LOGO_PATH, organizationId, websiteId } from './json-ld.js';

/** Google truncates longer headlines in rich results. */
const HEADLINE_MAX = 110;

export function headline(titulo: string): string {
  return titulo.length <= HEADLINE_MAX ? titulo : `${titulo.slice(0, HEADLINE_MAX - 1).trimEnd()}…`;
}

function imageObject(site: SiteConfig, variant: Pick<ImageVariant, 'url' | 'width' | 'height'>, caption?: string | null): Exclude<ImageObject, string> {
  return {
    '@type': 'ImageObject',
    url: absoluteUrl(site, variant.url),
    width: String(variant.width),
    height: String(variant.height),
    ...(caption ? { caption } : {}),
  };
}

/** An image the article's page stands for without being a photo of it: the generated share image. */
export type DrawnImage = Pick<ImageVariant, 'url' | 'width' | 'height'>;

/**
 * The main image as JPEGs any crawler reads, with their real sizes: the 1200 px social image and the
 * largest responsive one. Without a photo, the generated share image; without either, the logo.
 */
export function articleJsonLdImages(site: SiteConfig, set: ImageSet | DrawnImage | undefined, caption: string | null): Exclude<ImageObject, string>[] {
  if (!set) return [imageObject(site, { url: LOGO_PATH, width: 512, height: 512 })];
  if (!('social' in set)) return [imageObject(site, set)];
  const fallbacks = set.variants.filter((variant) => variant.format === set.social.format);
  const largest = fallbacks.reduce<ImageVariant | undefined>((best, variant) => (!best || variant.width > best.width ? variant : best), undefined);
  const variants = largest && largest.width > set.social.width ? [set.social, largest] : [set.social];
  return variants.map((variant) => imageObject(site, variant, caption));
}

/** What readers were told was wrong, each dated: schema.org's `correction`. */
export function correctionComments(corrections: Correction[]): Exclude<CorrectionComment, string>[] {
  return corrections.map((correction) => ({ '@type': 'CorrectionComment', datePublished: correction.data, text: correction.texto }));
}

/**
 * `path`: the article's canonical path (the route table's); `authors`: the signing people; `medicalPage`:
 * for clinical content, the MedicalWebPage that takes the plain WebPage's place; `editorial`: the
 * editorial policy's absolute URL and the article's corrections, newest first.
 */
export function newsArticle(
  site: SiteConfig,
  article: Article,
  path: string,
  description: string,
  image: ImageSet | DrawnImage | undefined,
  authors: Exclude<Person, string>[],
  medicalPage: Exclude<MedicalWebPage, string> | undefined,
  editorial: { publishingPrinciples: string; corrections: Correction[] },
): Exclude<NewsArticle, string> {
  const url = absoluteUrl(site, path);
  return {
    '@type': 'NewsArticle',
    '@id': `${url}#artigo`,
    mainEntityOfPage: medicalPage ? { ...medicalPage, '@id': url } : { '@type': 'WebPage', '@id': url },
    url,
    headline: headline(article.titulo),
    description,
    ...(article.keywords.trim() ? { keywords: article.keywords } : {}),
    image: articleJsonLdImages(site, image, article.imagem_caption),
    datePublished: article.data_publicacao,
    dateModified: article.data_atualizacao,
    author: authors,
    publisher: {
      '@type': 'Organization',
      '@id': organizationId(site),
      name: site.productName,
      logo: { '@type': 'ImageObject', url: absoluteUrl(site, LOGO_PATH), width: '512', height: '512' },
    },
    inLanguage: 'pt-BR',
    isPartOf: { '@id': websiteId(site) },
    publishingPrinciples: editorial.publishingPrinciples,
    ...(editorial.corrections.length > 0 ? { correction: correctionComments(editorial.corrections) } : {}),
  };
}

export function newsCollectionPage(
  site: SiteConfig,
  page: { path: string; title: string; description: string; articles: { path: string; titulo: string }[] },
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
        url: absoluteUrl(site, article.path),
        name: article.titulo,
      })),
    },
  };
}
