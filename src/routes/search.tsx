import { formatDatePtBr } from '../content/format-date.js';
import type { TopicCount } from '../db/topic-store.js';
import type { SnippetPart } from '../content/search-snippet.js';
import type { SiteConfig } from '../config.js';
import { LIMITS } from '../lib/messages.js';
import { searchTerms } from '../lib/search-text.js';
import { breadcrumbList } from '../seo/breadcrumbs.js';
import type { PageMeta } from '../seo/page-meta.js';
import { Pagination } from './news-list.js';
import { NEWS_PAGE_SIZE, pageCount, pageLinks, pageParam } from './news-pagination.js';
import { searchArticles, type SearchResult } from '../workflow/article-search.js';
import { normalisedTerm } from '../workflow/search-term.js';
import type { PublicRoute } from './page-route.js';
import { articlePath, PATHS, SEARCH_PARAM, searchPath } from './paths.js';
import { SearchForm } from './search-form.js';
import { LISTING_TAG, topicTag } from './cache-tags.js';
import { TopicLinks } from './topic-links.js';

/** What the reader asked, as the page reads it: never an error, whatever was typed. */
export type SearchRequest =
  | { kind: 'empty' }
  | { kind: 'too-long'; query: string }
  | { kind: 'no-words'; query: string }
  | { kind: 'search'; query: string; terms: string[]; page: number };

/**
 * Reads ?q=&pagina= leniently: the first q, trimmed; any page that is not a positive whole number is
 * page 1. A query without a word to look up (only symbols or stop words) is said so, not searched.
 */
export function readSearchRequest(search: URLSearchParams): SearchRequest {
  const query = (search.get(SEARCH_PARAM) ?? '').trim();
  if (!query) return { kind: 'empty' };
  if (query.length > LIMITS.busca) return { kind: 'too-long', query: query.slice(0, LIMITS.busca) };
  const terms = searchTerms(query);
  if (terms.length === 0) return { kind: 'no-words', query };
  const raw = pageParam(search);
  const value = Number(Array.isArray(raw) ? raw[0] : raw);
  const page = Number.isSafeInteger(value) && Number.isSafeInteger(value * NEWS_PAGE_SIZE) && value > 1 ? value : 1;
  return { kind: 'search', query, terms, page };
}

export interface SearchData {
  request: SearchRequest;
  results: SearchResult[];
  total: number;
  /** Before any query: the topics with a public article, to browse instead. */
  topics?: TopicCount[];
}

export function Snippet({ parts }: { parts: SnippetPart[] }) {
  return <>{parts.map((part, index) => (part.mark ? <mark key={index}>{part.text}</mark> : part.text))}</>;
}

const resultsLabel = (total: number) => (total === 1 ? '1 resultado' : `${total.toLocaleString('pt-BR')} resultados`);

function Notice({ request }: { request: SearchRequest }) {
  if (request.kind === 'empty') return <p className="search-notice">Digite uma ou mais palavras: acentos e maiúsculas não fazem diferença.</p>;
  if (request.kind === 'too-long') {
    return <p className="search-notice">A busca pode ter até {LIMITS.busca} caracteres. Tente com menos palavras, as mais importantes.</p>;
  }
  if (request.kind === 'no-words') {
    return <p className="search-notice">Não encontramos palavras para buscar em “{request.query}”. Tente com palavras, como “agenda” ou “receita digital”.</p>;
  }
  return null;
}

function SearchPage({ data: { request, results, total, topics = [] } }: { data: SearchData }) {
  const searching = request.kind === 'search';
  const count = pageCount(total);
  return (
    <>
      <section className="page-hero news-hero" aria-labelledby="busca-titulo">
        <div className="container narrow">
          <h1 id="busca-titulo">Buscar nas notícias</h1>
          <SearchForm id="busca-pagina" query={request.kind === 'empty' ? '' : request.query} label="O que você procura?" />
          <Notice request={request} />
          {topics.length > 0 && (
            <>
              <h2 className="search-topics-title">Ou navegue pelos temas</h2>
              <TopicLinks topics={topics} label="Temas" className="news-topics" />
            </>
          )}
        </div>
      </section>
      {searching && (
        <section className="news-section" aria-labelledby="busca-total">
          <div className="container narrow">
            <h2 id="busca-total" className="search-total">
              {total === 0 ? `Nenhum resultado para “${request.query}”` : `${resultsLabel(total)} para “${request.query}”`}
              {count > 1 && `, página ${request.page} de ${count}`}
            </h2>
            {total === 0 ? (
              <p className="search-notice">
                Confira a grafia ou tente outras palavras. Você também pode ver <a href={PATHS.news}>todas as notícias</a>.
              </p>
            ) : results.length === 0 ? (
              <p className="search-notice">
                Esta página passou do fim dos resultados. <a href={searchPath(request.query)}>Voltar à primeira página</a>.
              </p>
            ) : (
              <ol className="search-results">
                {results.map(({ article, snippet }) => (
                  <li key={article.id}>
                    <article className="search-result">
                      <h3 className="search-result-title">
                        <a href={articlePath(article)}>{article.titulo}</a>
                      </h3>
                      <p className="news-card-date">
                        <time dateTime={article.data_publicacao}>{formatDatePtBr(article.data_publicacao)}</time>
                      </p>
                      <p className="search-result-snippet">
                        <Snippet parts={snippet} />
                      </p>
                    </article>
                  </li>
                ))}
              </ol>
            )}
            <Pagination page={request.page} pageCount={count} links={pageLinks(request.page, total, (n) => searchPath(request.query, n))} label="Páginas de resultados" />
          </div>
        </section>
      )}
    </>
  );
}

function searchMeta(site: SiteConfig, { request, total }: SearchData): PageMeta {
  const path = request.kind === 'search' ? searchPath(request.query, request.page) : request.kind === 'empty' ? PATHS.search : searchPath(request.query);
  const title = request.kind === 'search' ? `Busca: ${request.query}` : 'Buscar nas notícias';
  return {
    title,
    description:
      request.kind === 'search'
        ? `${resultsLabel(total)} nas notícias do ${site.productName} para “${request.query}”.`
        : `Busque nas notícias do ${site.productName} sobre prontuário eletrônico, gestão do consultório e saúde digital.`,
    keywords: [],
    path,
    // Answers to a query stay out of search engines (endless, thin pages), their links followed; the
    // page before any query is the search itself, with the topics to browse: it may be indexed.
    ...(request.kind === 'empty' ? {} : { noindex: 'follow' as const }),
    jsonLd: [
      breadcrumbList(site, [
        { name: 'Início', path: PATHS.home },
        { name: 'Notícias', path: PATHS.news },
        { name: 'Busca', path: PATHS.search },
      ]),
    ],
  };
}

const SEARCH_CACHE_KEY = 'busca';

/**
 * GET /noticias/busca?q=…[&pagina=N]: public articles holding the words, the title's matches first.
 * Results are never cached (no cache key): every query is another page, and they follow each write at
 * once. The page without a query is the same for everyone: cached like /noticias, with its topics.
 */
export const searchPage: PublicRoute<SearchData> = {
  id: 'search',
  path: PATHS.search,
  kind: 'public',
  cacheKey: (_params, search) => (readSearchRequest(search).kind === 'empty' ? SEARCH_CACHE_KEY : undefined),
  async load({ deps, search }) {
    const request = readSearchRequest(search);
    if (request.kind === 'empty') return { status: 200, data: { request, results: [], total: 0, topics: await deps.repo.topics.list(true) } };
    if (request.kind !== 'search') return { status: 200, data: { request, results: [], total: 0 } };
    const { results, total } = await searchArticles(deps.repo, request.terms, request.page, NEWS_PAGE_SIZE);
    // The statistics count the search when the page is answered (src/http/page-views.ts), with this total.
    if (request.page === 1) deps.stats?.tally.announced(normalisedTerm(request.query), total);
    return { status: 200, data: { request, results, total } };
  },
  tags: (data) => (data.topics ? [LISTING_TAG, ...data.topics.map((topic) => topicTag(topic.id))] : []),
  meta: searchMeta,
  Component: SearchPage,
};
