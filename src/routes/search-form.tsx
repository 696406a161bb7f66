import { LIMITS } from '../lib/messages.js';
import { PATHS, SEARCH_PARAM } from './paths.js';

/** The news search: a plain GET form, so that it works without JavaScript. */
export function SearchForm({ id, query = '', label = 'Buscar nas notícias' }: { id: string; query?: string; label?: string }) {
  return (
    <form className="search-form" role="search" action={PATHS.search} method="get">
      <label htmlFor={id}>{label}</label>
      <div className="search-form-row">
        <input id={id} name={SEARCH_PARAM} type="search" defaultValue={query} maxLength={LIMITS.busca} placeholder="Ex.: receita digital" />
        <button type="submit" className="button button-primary">
          Buscar
        </button>
      </div>
    </form>
  );
}
