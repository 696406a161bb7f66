import { describe, expect, it } from 'vitest';
import { NEWS_PAGE_SIZE, pageCount, pageLinks, parsePageRequest, parseSlugPageRequest } from '../../../src/routes/news-pagination.js';
import { newsPagePath, topicPath } from '../../../src/routes/paths.js';

describe('parsePageRequest', () => {
  it('reads no parameter as the first page', () => {
    expect(parsePageRequest(undefined)).toEqual({ kind: 'page', page: 1 });
  });

  it('accepts a plain page number above 1', () => {
    expect(parsePageRequest('3')).toEqual({ kind: 'page', page: 3 });
  });

  it.each(['1', '01', '0', '000', 'abc', '-2', '2.5', '', ' 2'])('sends %j to /noticias', (raw) => {
    expect(parsePageRequest(raw)).toEqual({ kind: 'redirect', location: '/noticias' });
  });

  it('redirects a zero-padded page to its one spelling', () => {
    expect(parsePageRequest('002')).toEqual({ kind: 'redirect', location: '/noticias?pagina=2' });
  });

  it('redirects a repeated parameter to the first value', () => {
    expect(parsePageRequest(['4', '9'])).toEqual({ kind: 'redirect', location: '/noticias?pagina=4' });
  });

  it('treats a number too large to compute an offset as not found', () => {
    expect(parsePageRequest('99999999999999999999')).toEqual({ kind: 'not-found' });
  });
});

describe('page links', () => {
  it('uses twelve articles per page', () => {
    expect(NEWS_PAGE_SIZE).toBe(12);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(12)).toBe(1);
    expect(pageCount(13)).toBe(2);
  });

  it('gives page 1 its bare URL', () => {
    expect(newsPagePath(1)).toBe('/noticias');
    expect(newsPagePath(2)).toBe('/noticias?pagina=2');
  });

  it('links only to pages that exist', () => {
    expect(pageLinks(1, 5)).toEqual({});
    expect(pageLinks(1, 25)).toEqual({ next: '/noticias?pagina=2' });
    expect(pageLinks(2, 25)).toEqual({ prev: '/noticias', next: '/noticias?pagina=3' });
    expect(pageLinks(3, 25)).toEqual({ prev: '/noticias?pagina=2' });
  });
});

describe('parseSlugPageRequest', () => {
  const search = (query: string) => new URLSearchParams(query);

  it('reads the slug and the page of a topic or author URL', () => {
    expect(parseSlugPageRequest({ slug: 'telemedicina' }, search('pagina=3'), topicPath)).toEqual({ kind: 'page', slug: 'telemedicina', page: 3 });
  });

  it('redirects a non-canonical page to the collection’s own URL', () => {
    expect(parseSlugPageRequest({ slug: 'telemedicina' }, search('pagina=1'), topicPath)).toEqual({ kind: 'redirect', location: '/noticias/temas/telemedicina' });
  });

  it.each(['Telemedicina', '../x', 'a b', ''])('finds no collection for the malformed slug %j', (slug) => {
    expect(parseSlugPageRequest({ slug }, search(''), topicPath)).toEqual({ kind: 'not-found' });
  });
});
