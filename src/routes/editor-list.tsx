import { z } from 'zod';
import { AreaBar } from './layout/area-bar.js';
import { Streamed } from '../components/streamed.js';
import { ARTICLE_STATES, STATE_LABELS, type ArticleState } from '../content/article-states.js';
import { formatDateTimePtBr } from '../content/format-date-time.js';
import { type Page } from '../db/repository.js';
import { REVIEW_FILTERS, type EditorListItem, type EditorListQuery, type ReviewFilter } from '../db/article-store.js';
import { privateMeta } from '../seo/private-meta.js';
import { deferred } from './deferred.js';
import { readableScope } from '../workflow/permissions.js';
import { mayWith } from '../people/roles.js';
import { updateFirst, type UpdateFirstRow } from '../workflow/update-first.js';
import { formatDayNumeric } from '../content/format-day.js';
import { articleViews } from '../workflow/article-views.js';
import { readerOf } from './article-heading.js';
import { areaAssets } from './layout/page-assets.js';
import type { EditorSession, PrivateRoute } from './page-route.js';
import { articlePath, editArticlePath, historyPath, PATHS, previewPath } from './paths.js';

export const AREA_PAGE_SIZE = 20;

const first = (value: unknown): unknown => (Array.isArray(value) ? (value as unknown[])[0] : value);

const filtersSchema = z.object({
  busca: z.preprocess(first, z.string().trim().max(200).optional().catch(undefined)),
  status: z.preprocess(first, z.enum(ARTICLE_STATES).optional().catch(undefined)),
  revisao: z.preprocess(first, z.enum(REVIEW_FILTERS).optional().catch(undefined)),
  pagina: z.preprocess(first, z.coerce.number().int().min(1).max(100_000).catch(1).default(1)),
});

export interface ListFilters {
  busca: string;
  status?: ArticleState;
  revisao?: ReviewFilter;
  pagina: number;
}

const REVIEW_LABELS: Record<ReviewFilter, string> = { aguardando: 'Aguardando revisão médica', revisado: 'Revisado por médico' };

/** Reads ?busca=&status=&pagina= leniently: a private page shows the first page rather than an error. */
export function parseListFilters(search: URLSearchParams): ListFilters {
  const query = Object.fromEntries([...new Set(search.keys())].map((key) => [key, search.getAll(key)]));
  const parsed = filtersSchema.parse(query);
  return { busca: parsed.busca ?? '', pagina: parsed.pagina, ...(parsed.status ? { status: parsed.status } : {}), ...(parsed.revisao ? { revisao: parsed.revisao } : {}) };
}

function toListQuery(filters: ListFilters): EditorListQuery {
  return {
    pageIndex: filters.pagina,
    pageSize: AREA_PAGE_SIZE,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.revisao ? { revisao: filters.revisao } : {}),
    ...(filters.busca ? { busca: filters.busca } : {}),
  };
}

/** /editor with the filters kept, for the paging links. */
export function listPath(filters: ListFilters, pagina: number): string {
  const params = new URLSearchParams();
  if (filters.busca) params.set('busca', filters.busca);
  if (filters.status) params.set('status', filters.status);
  if (filters.revisao) params.set('revisao', filters.revisao);
  if (pagina > 1) params.set('pagina', String(pagina));
  const query = params.toString();
  return query ? `${PATHS.editorHome}?${query}` : PATHS.editorHome;
}

export interface EditorListData {
  session: EditorSession;
  filters: ListFilters;
  /** Streamed: the count, the rows and the paging arrive after the heading and the filters. */
  list: Promise<Page<EditorListItem>>;
  /** Views by people in the last 30 days, by article id (issue 32). */
  views?: Record<number, number>;
  /** "Atualizar primeiro", for those who may see the statistics; absent on a filtered or later page. */
  updateFirst?: UpdateFirstRow[];
}

function StateBadge({ status, publicarEm }: { status: ArticleState; publicarEm: string | null }) {
  return (
    <span className={`area-state area-state-${status}`}>
      {STATE_LABELS[status]}
      {status === 'agendado' && publicarEm && (
        <>
          {' '}
          para <time dateTime={publicarEm}>{formatDateTimePtBr(publicarEm)}</time>
        </>
      )}
    </span>
  );
}

function ArticleRow({ item, views }: { item: EditorListItem; views: number | undefined }) {
  return (
    <li className="area-item">
      <h2 className="area-item-title">
        <a href={editArticlePath(item.id)}>{item.titulo || `Artigo ${item.id} sem título`}</a>
      </h2>
      <dl className="area-item-facts">
        <div>
          <dt>Estado</dt>
          <dd>
            <StateBadge status={item.status} publicarEm={item.publicar_em} />
          </dd>
        </div>
        {item.clinico && (
          <div>
            <dt>Revisão médica</dt>
            <dd>{REVIEW_LABELS[item.aguardando_revisao ? 'aguardando' : 'revisado']}</dd>
          </div>
        )}
        <div>
          <dt>Autor</dt>
          <dd>{item.autor}</dd>
        </div>
        {item.status === 'publicado' && (
          <div>
            <dt>Visualizações (30 dias)</dt>
            <dd>{(views ?? 0).toLocaleString('pt-BR')}</dd>
          </div>
        )}
        <div>
          <dt>Última alteração</dt>
          <dd>
            <time dateTime={item.data_atualizacao}>{formatDateTimePtBr(item.data_atualizacao)}</time>
          </dd>
        </div>
      </dl>
      <ul className="area-item-actions">
        <li>
          <a href={editArticlePath(item.id)}>
            Editar<span className="visually-hidden">{` “${item.titulo}”`}</span>
          </a>
        </li>
        <li>
          <a href={previewPath(item.id)}>
            Prévia<span className="visually-hidden">{` de “${item.titulo}”`}</span>
          </a>
        </li>
        <li>
          <a href={historyPath(item.id)}>
            Histórico<span className="visually-hidden">{` de “${item.titulo}”`}</span>
          </a>
        </li>
      </ul>
    </li>
  );
}

function Filters({ filters }: { filters: ListFilters }) {
  return (
    <form className="area-filters" method="get" action={PATHS.editorHome} role="search" aria-label="Buscar artigos">
      <div className="area-field">
        <label htmlFor="busca">Buscar</label>
        <input id="busca" name="busca" type="search" defaultValue={filters.busca} maxLength={200} placeholder="Palavras do título" />
      </div>
      <div className="area-field">
        <label htmlFor="status">Estado</label>
        <select id="status" name="status" defaultValue={filters.status ?? ''}>
          <option value="">Todos</option>
          {ARTICLE_STATES.map((state) => (
            <option key={state} value={state}>
              {STATE_LABELS[state]}
            </option>
          ))}
        </select>
      </div>
      <div className="area-field">
        <label htmlFor="revisao">Revisão médica</label>
        <select id="revisao" name="revisao" defaultValue={filters.revisao ?? ''}>
          <option value="">Todos</option>
          {REVIEW_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {REVIEW_LABELS[filter]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button-secondary">
        Filtrar
      </button>
    </form>
  );
}

function Paging({ filters, total }: { filters: ListFilters; total: number }) {
  const pages = Math.max(1, Math.ceil(total / AREA_PAGE_SIZE));
  if (pages === 1) return null;
  const page = Math.min(filters.pagina, pages);
  return (
    <nav className="area-paging" aria-label="Páginas da lista">
      {page > 1 ? <a href={listPath(filters, page - 1)}>← Anterior</a> : <span />}
      <span>{`Página ${page} de ${pages}`}</span>
      {page < pages ? <a href={listPath(filters, page + 1)}>Próxima →</a> : <span />}
    </nav>
  );
}

function countText(total: number, filtered: boolean): string {
  if (total === 0) return filtered ? 'Nenhum artigo encontrado com esses filtros.' : 'Nenhum artigo ainda.';
  return total === 1 ? '1 artigo' : `${total.toLocaleString('pt-BR')} artigos`;
}

function UpdateFirstItemRow({ item }: { item: UpdateFirstRow }) {
  const path = articlePath(item);
  return (
    <li className="area-item">
      <p className="area-item-title">
        <a href={editArticlePath(item.id)}>{item.titulo || `Artigo ${item.id} sem título`}</a>
      </p>
      <dl className="area-item-facts">
        <div>
          <dt>Visualizações (30 dias)</dt>
          <dd>{item.visualizacoes.toLocaleString('pt-BR')}</dd>
        </div>
        <div>
          <dt>Revisão médica</dt>
          <dd className={item.vencida ? 'area-overdue' : undefined}>{`${item.vencida ? 'Revisão vencida em' : 'Revisão até'} ${formatDayNumeric(item.proxima_revisao)}`}</dd>
        </div>
      </dl>
      <ul className="area-item-actions">
        <li>
          <a href={`${PATHS.statistics}?${new URLSearchParams({ caminho: path }).toString()}`}>
            Estatísticas<span className="visually-hidden">{` de “${item.titulo}”`}</span>
          </a>
        </li>
      </ul>
    </li>
  );
}

/** "Atualizar primeiro" (issue 32): the most read articles whose medical review is overdue or due soon. */
function UpdateFirst({ items }: { items: UpdateFirstRow[] }) {
  return (
    <section className="area-section area-update-first" aria-labelledby="atualizar-primeiro">
      <h2 id="atualizar-primeiro">Atualizar primeiro</h2>
      <p className="area-count">Artigos publicados com a revisão médica vencida ou a vencer em 60 dias, ordenados por leitores nos últimos 30 dias e pela proximidade da revisão.</p>
      {items.length === 0 ? (
        <p>Nenhum artigo publicado com a revisão médica vencida ou a vencer nos próximos 60 dias.</p>
      ) : (
        <ol className="area-list">
          {items.map((item) => (
            <UpdateFirstItemRow key={item.id} item={item} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** /editor: every article in any state, most recently changed first. */
function ArticleListPage({ data: { session, filters, list, views = {}, updateFirst: toUpdate } }: { data: EditorListData }) {
  const filtered = Boolean(filters.busca || filters.status || filters.revisao);
  return (
    <>
      <AreaBar session={session} current="artigos" />
      <section className="section area-page" aria-labelledby="artigos-titulo">
        <div className="container">
          <div className="area-heading">
            <h1 id="artigos-titulo">Artigos</h1>
            <a className="button button-primary" href={PATHS.newArticle}>
              Novo artigo
            </a>
          </div>
          {toUpdate && <UpdateFirst items={toUpdate} />}
          <Filters filters={filters} />
          <Streamed
            value={list}
            fallback={
              <p className="area-count" role="status">
                Carregando artigos…
              </p>
            }
          >
            {({ items, total }) => (
              <>
                <p className="area-count" role="status">
                  {countText(total, filtered)}
                </p>
                {items.length > 0 && (
                  <ol className="area-list">
                    {items.map((item) => (
                      <ArticleRow key={item.id} item={item} views={views[item.id]} />
                    ))}
                  </ol>
                )}
                <Paging filters={filters} total={total} />
              </>
            )}
          </Streamed>
        </div>
      </section>
    </>
  );
}

export const editorListPage: PrivateRoute<EditorListData> = {
  id: 'editor-list',
  path: PATHS.editorHome,
  kind: 'private',
  session: 'required',
  async load({ deps, search, session }) {
    const filters = parseListFilters(search);
    const scope = readableScope(readerOf(session!));
    const list = deferred(deps.repo.articles.list({ ...toListQuery(filters), ...scope }), deps.logger, 'a lista de artigos');
    // On the unfiltered first page, for those who read the statistics (ver-estatisticas: editors, revisores, administrators and whoever was granted it).
    const dashboard = filters.pagina === 1 && !filters.busca && !filters.status && !filters.revisao && mayWith(session!.papel, session!.permissoes, 'ver-estatisticas');
    const [views, toUpdate] = await Promise.all([articleViews(deps.repo), dashboard ? updateFirst(deps.repo, `${PATHS.news}/`) : undefined]);
    return { status: 200, data: { session: session!, filters, list, views, ...(toUpdate ? { updateFirst: toUpdate } : {}) } };
  },
  meta: () => privateMeta(PATHS.editorHome, 'Artigos', 'Artigos em todos os estados, do mais recente ao mais antigo.'),
  Component: ArticleListPage,
  documentAssets: areaAssets,
};
