import type { Thing } from 'schema-dts';

/** Everything a page says about itself to browsers and crawlers. */
export interface PageMeta {
  title: string;
  description: string;
  keywords: string[];
  /** Path of the canonical URL, relative to SITE_URL. */
  path: string;
  ogType?: 'website' | 'article' | 'profile';
  image?: { url: string; width: number; height: number; alt: string };
  /** Kept out of search engines; `follow`: its links may still be followed (a results page). */
  noindex?: boolean | 'follow';
  /** Page-level JSON-LD (WebPage, NewsArticle, BreadcrumbList...). Organization and WebSite are added for every page. */
  jsonLd: Exclude<Thing, string>[];
  article?: { publishedTime: string; modifiedTime: string; author: string };
  /** <link rel="prev|next"> for paginated lists. */
  pagination?: { prev?: string; next?: string };
  /** RSS feeds announced with <link rel="alternate">. */
  feeds?: { title: string; path: string }[];
}
