import { PATHS } from '../routes.js';
import { ARTICLE_STATES, STATE_LABELS, type ArticleState } from './article-states.js';
import { formatDateTimePtBr } from './format-date-time.js';
import { AREA_PAGE_SIZE, listPath, type ListFilters } from './list-query.js';
import { editArticlePath, historyPath, previewPath } from './paths.js';
import type { ArticleListItem } from './ports.js';

export interface ArticleListPageProps {
  filters: ListFilters;
  items: ArticleListItem[];
  total: number;
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

function ArticleRow({ item }: { item: ArticleListItem }) {
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
        <div>
          <dt>Autor</dt>
          <dd>{item.autor}</dd>
        </div>
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
    <form className="area-filters" method="get" action="/editor" role="search" aria-label="Buscar artigos">
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

/** /editor: every article in any state, most recently changed first. */
export function ArticleListPage({ filters, items, total }: ArticleListPageProps) {
  const filtered = Boolean(filters.busca || filters.status);
  return (
    <section className="section area-page" aria-labelledby="artigos-titulo">
      <div className="container">
        <div className="area-heading">
          <h1 id="artigos-titulo">Artigos</h1>
          <a className="button button-primary" href={PATHS.newArticle}>
            Novo artigo
          </a>
        </div>
        <Filters filters={filters} />
        <p className="area-count" role="status">
          {countText(total, filtered)}
        </p>
        {items.length > 0 && (
          <ol className="area-list">
            {items.map((item) => (
              <ArticleRow key={item.id} item={item} />
            ))}
          </ol>
        )}
        <Paging filters={filters} total={total} />
      </div>
    </section>
  );
}
