import type { Params } from 'react-router-dom';
import { SLUG_PATTERN } from '../lib/slug.js';
import { NEWS_PAGE_PARAM, newsPagePath } from './paths.js';

/** Spec section 9: twelve articles per page, the first page is 1. */
export const NEWS_PAGE_SIZE = 12;

export type PageRequest = { kind: 'page'; page: number } | { kind: 'redirect'; location: string } | { kind: 'not-found' };

/**
 * Reads ?pagina=. Every spelling of page 1 (absent, "1", "01", junk, "0") ends on /noticias, and a
 * non-canonical spelling of another page ("02", repeated parameter) redirects to its one URL, so search
 * engines index each page once.
 */
export function parsePageRequest(raw: unknown, pathOf: (page: number) => string = newsPagePath): PageRequest {
  if (raw === undefined) return { kind: 'page', page: 1 };
  const value: unknown = Array.isArray(raw) ? (raw as unknown[])[0] : raw;
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return { kind: 'redirect', location: pathOf(1) };
  const page = Number(value);
  if (!Number.isSafeInteger(page * NEWS_PAGE_SIZE)) return { kind: 'not-found' };
  if (page <= 1) return { kind: 'redirect', location: pathOf(1) };
  if (Array.isArray(raw) || String(page) !== value) return { kind: 'redirect', location: pathOf(page) };
  return { kind: 'page', page };
}

/** The page parameter as Express's query parser gives it: absent, one value, or every repeated value. */
export function pageParam(search: URLSearchParams): unknown {
  const values = search.getAll(NEWS_PAGE_PARAM);
  return values.length === 0 ? undefined : values.length === 1 ? values[0] : values;
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / NEWS_PAGE_SIZE));
}

export function pageLinks(page: number, total: number, pathOf: (page: number) => string = newsPagePath): { prev?: string; next?: string } {
  return {
    ...(page > 1 ? { prev: pathOf(page - 1) } : {}),
    ...(page < pageCount(total) ? { next: pathOf(page + 1) } : {}),
  };
}

export type SlugPageRequest = { kind: 'page'; slug: string; page: number } | { kind: 'redirect'; location: string } | { kind: 'not-found' };

/** A collection named by a slug (a topic, an author), paged as /noticias is; a malformed slug is not found. */
export function parseSlugPageRequest(params: Params, search: URLSearchParams, pathOf: (slug: string, page: number) => string): SlugPageRequest {
  const slug = String(params.slug);
  if (!SLUG_PATTERN.test(slug)) return { kind: 'not-found' };
  const request = parsePageRequest(pageParam(search), (page) => pathOf(slug, page));
  return request.kind === 'page' ? { ...request, slug } : request;
}
