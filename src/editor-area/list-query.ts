import { z } from 'zod';
import { ARTICLE_STATES } from './article-states.js';
import type { ListQuery } from './ports.js';

export const AREA_PAGE_SIZE = 20;

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);

const schema = z.object({
  busca: z.preprocess(first, z.string().trim().max(200).optional().catch(undefined)),
  status: z.preprocess(first, z.enum(ARTICLE_STATES).optional().catch(undefined)),
  pagina: z.preprocess(first, z.coerce.number().int().min(1).max(100_000).catch(1).default(1)),
});

export interface ListFilters {
  busca: string;
  status?: ListQuery['status'];
  pagina: number;
}

/** Reads ?busca=&status=&pagina= leniently: a private page shows the first page rather than an error. */
export function parseListFilters(query: unknown): ListFilters {
  const parsed = schema.parse(query ?? {});
  return { busca: parsed.busca ?? '', pagina: parsed.pagina, ...(parsed.status ? { status: parsed.status } : {}) };
}

export function toListQuery(filters: ListFilters): ListQuery {
  return {
    pageIndex: filters.pagina,
    pageSize: AREA_PAGE_SIZE,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.busca ? { busca: filters.busca } : {}),
  };
}

/** /editor with the filters kept, for the paging links. */
export function listPath(filters: ListFilters, pagina: number): string {
  const params = new URLSearchParams();
  if (filters.busca) params.set('busca', filters.busca);
  if (filters.status) params.set('status', filters.status);
  if (pagina > 1) params.set('pagina', String(pagina));
  const query = params.toString();
  return query ? `/editor?${query}` : '/editor';
}
