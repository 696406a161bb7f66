import type { SiteConfig } from '../config.js';
import { findImageSet } from '../images/picture-sources.js';
import type { Article } from '../db/repository.js';
import type { ImageSet } from '../images/image-set.js';
import { absoluteUrl } from '../lib/absolute-url.js';
import { LOGO_PATH } from './json-ld.js';

/** Spec: the feed carries the twenty newest articles. */
export const FEED_SIZE = 20;

const INVALID_XML_CHARS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML_CHARS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** RFC 822 dates, as RSS 2.0 requires ("Sat, 21 Nov 2026 15:00:00 GMT"). */
export function rfc822(iso: string): string {
  return new Date(iso).toUTCString();
}

export function feedTitle(site: SiteConfig): string {
  return `Notícias | ${site.productName}`;
}

function element(name: string, text: string): string {
  return `<${name}>${escapeXml(text)}</${name}>`;
}

const MIME = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', avif: 'image/avif' } as const;

/** Media RSS for the main image: the 1200 px JPEG made for sharing, which every reader can show. */
export function mediaContent(site: SiteConfig, set: ImageSet, caption: string | null): string {
  const { social } = set;
  const description = caption ? `<media:description>${escapeXml(caption)}</media:description>` : '';
  return (
    `<media:content url="${escapeXml(absoluteUrl(site, social.url))}" medium="image" type="${MIME[social.format]}"` +
    ` width="${social.width}" height="${social.height}" fileSize="${social.bytes}">${description}</media:content>`
  );
}

/** The route table's addresses the feed links to. */
export interface FeedLinks {
  news: string;
  feed: string;
  article(article: Article): string;
}

function item(site: SiteConfig, links: FeedLinks, article: Article, sets: readonly ImageSet[]): string {
  const link = absoluteUrl(site, links.article(article));
  const parts = [
    element('title', article.titulo),
    element('link', link),
    `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
    element('pubDate', rfc822(article.data_publicacao)),
    element('dc:creator', article.autor),
    element('description', article.descricao || article.titulo),
  ];
  const image = findImageSet(sets, article.id, article.imagem_nome);
  if (image) parts.push(mediaContent(site, image, article.imagem_caption));
  return `<item>${parts.join('')}</item>`;
}

/** What a feed is of: all the news, or one author's articles. */
export interface FeedChannel {
  title: string;
  description: string;
}

export const newsChannel = (site: SiteConfig): FeedChannel => ({
  title: feedTitle(site),
  description: `Novidades sobre prontuário eletrônico, gestão de consultório e o ${site.productName}.`,
});

/** RSS 2.0 of the newest articles, newest first; main images (only processed ones, never a 404) as Media RSS. */
export function renderNewsFeed(site: SiteConfig, links: FeedLinks, articles: Article[], images: readonly ImageSet[] = [], channel: FeedChannel = newsChannel(site)): string {
  const lastChange = articles.map((article) => article.data_atualizacao).sort().at(-1);
  const head = [
    element('title', channel.title),
    element('link', absoluteUrl(site, links.news)),
    element('description', channel.description),
    element('language', 'pt-BR'),
    `<atom:link href="${escapeXml(absoluteUrl(site, links.feed))}" rel="self" type="application/rss+xml"/>`,
    ...(lastChange ? [element('lastBuildDate', rfc822(lastChange))] : []),
    `<image>${element('url', absoluteUrl(site, LOGO_PATH))}${element('title', channel.title)}${element('link', absoluteUrl(site, links.news))}</image>`,
    ...articles.map((article) => item(site, links, article, images)),
  ];
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">' +
    `<channel>${head.join('')}</channel></rss>\n`
  );
}
