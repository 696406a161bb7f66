import { PATHS } from '../routes.js';

/** Spec section 9: twelve articles per page, the first page is 1. */
export const NEWS_PAGE_SIZE = 12;
export const PAGE_PARAM = 'pagina';

export type PageRequest = { kind: 'page'; page: number } | { kind: 'redirect'; location: string } | { kind: 'not-found' };

export function newsPagePath(page: number): string {
  return page <= 1 ? PATHS.news : `${PATHS.news}?${PAGE_PARAM}=${page}`;
}

/**
 * Reads ?pagina=. Every spelling of page 1 (absent, "1", "01", junk, "0") ends on /noticias, and a
 * non-canonical spelling of another page ("02", repeated parameter) redirects to its one URL, so search
 * engines index each page once.
 */
export function parsePageRequest(raw: unknown): PageRequest {
  if (raw === undefined) return { kind: 'page', page: 1 };
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return { kind: 'redirect', location: PATHS.news };
  const page = Number(value);
  if (!Number.isSafeInteger(page * NEWS_PAGE_SIZE)) return { kind: 'not-found' };
  if (page <= 1) return { kind: 'redirect', location: PATHS.news };
  if (Array.isArray(raw) || String(page) !== value) return { kind: 'redirect', location: newsPagePath(page) };
  return { kind: 'page', page };
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / NEWS_PAGE_SIZE));
}

export function pageLinks(page: number, total: number): { prev?: string; next?: string } {
  return {
    ...(page > 1 ? { prev: newsPagePath(page - 1) } : {}),
    ...(page < pageCount(total) ? { next: newsPagePath(page + 1) } : {}),
  };
}
