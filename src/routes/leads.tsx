import { z } from 'zod';
import { formatDateTimePtBr } from '../content/format-date-time.js';
import { LEAD_PROFILE_LABELS, LEAD_STATE_LABELS, leadOriginText } from '../content/lead-labels.js';
import { LEAD_STATES, type Lead, type LeadQuery } from '../db/lead-store.js';
import { mayWith } from '../people/roles.js';
import { privateMeta } from '../seo/private-meta.js';
import { leadQueryOf, listLeads, parseLeadCursor } from '../workflow/lead-desk.js';
import { AreaBar } from './layout/area-bar.js';
import { Forbidden } from './layout/forbidden.js';
import { areaAssets } from './layout/page-assets.js';
import type { EditorSession, PrivateRoute } from './page-route.js';
import { leadPath, PATHS } from './paths.js';

const first = (value: unknown): unknown => (Array.isArray(value) ? (value as unknown[])[0] : value);
const optionalText = (max: number) => z.preprocess(first, z.string().trim().max(max).optional().catch(undefined)).transform((text) => text || undefined);

/** The address's filters, read leniently: a mistyped one is dropped, the page still answers. */
const filtersSchema = z.object({
  texto: optionalText(200),
  estado: z.preprocess(first, z.enum(LEAD_STATES).optional().catch(undefined)),
  pagina: z.preprocess(first, z.string().max(500).regex(/^\//).optional().catch(undefined)),
  artigo: z.preprocess(first, z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined)),
  campanha: optionalText(200),
  antes: z.preprocess(first, z.string().max(80).optional().catch(undefined)),
});
type LeadFilters = z.infer<typeof filtersSchema>;

export interface LeadsData {
  session: EditorSession;
  filters: LeadFilters;
  leads: Lead[];
  total: number;
  next: string | null;
  apiBase: string;
  forbidden?: boolean;
}

/** The filters as a query string (without the cursor unless given), for paging and the CSV export. */
function filterQuery(filters: LeadFilters, antes?: string): string {
  const params = new URLSearchParams();
  for (const key of ['texto', 'estado', 'pagina', 'artigo', 'campanha'] as const) {
    const value = filters[key];
    if (value !== undefined) params.set(key, String(value));
  }
  if (antes) params.set('antes', antes);
  const query = params.toString();
  return query ? `?${query}` : '';
}

const storeQuery = (filters: LeadFilters): Omit<LeadQuery, 'limit'> => {
  const before = filters.antes ? parseLeadCursor(filters.antes) : undefined;
  return { ...leadQueryOf(filters), ...(before ? { before } : {}) };
};

function LeadItem({ lead }: { lead: Lead }) {
  return (
    <li className="area-item">
      <h2 className="area-item-title area-lead-name">
        <a href={leadPath(lead.id)}>{lead.name}</a>
      </h2>
      <dl className="area-item-facts">
        <div>
          <dt>Perfil</dt>
          <dd>{LEAD_PROFILE_LABELS[lead.profile]}</dd>
        </div>
        <div>
          <dt>Origem</dt>
          <dd>{leadOriginText(lead.origin)}</dd>
        </div>
        <div>
          <dt>Estado</dt>
          <dd>{LEAD_STATE_LABELS[lead.state]}</dd>
        </div>
        <div>
          <dt>Recebido em</dt>
          <dd>
            <time dateTime={lead.createdAt}>{formatDateTimePtBr(lead.createdAt)}</time>
          </dd>
        </div>
      </dl>
    </li>
  );
}

function LeadsPage({ data }: { data: LeadsData }) {
  const { session, filters, leads, total, next, apiBase, forbidden } = data;
  if (forbidden) return <Forbidden session={session} />;
  return (
    <>
      <AreaBar session={session} current="contatos" />
      <section className="section area-page" aria-labelledby="lista-contatos-titulo">
        <div className="container area-narrow">
          <h1 id="lista-contatos-titulo">Pedidos de demonstração</h1>
          <p className="lead">Quem pediu uma demonstração pelo site, do mais recente ao mais antigo (horário de São Paulo).</p>
          <form className="area-filters area-lead-filters" method="get" action={PATHS.leads} role="search" aria-label="Filtrar contatos">
            <div className="area-field area-lead-search">
              <label htmlFor="contatos-texto">Buscar</label>
              <input id="contatos-texto" name="texto" type="search" maxLength={200} defaultValue={filters.texto} placeholder="Nome, e-mail, telefone, especialidade" />
            </div>
            <div className="area-field">
              <label htmlFor="contatos-estado">Estado</label>
              <select id="contatos-estado" name="estado" defaultValue={filters.estado ?? ''}>
                <option value="">Todos</option>
                {LEAD_STATES.map((state) => (
                  <option key={state} value={state}>
                    {LEAD_STATE_LABELS[state]}
                  </option>
                ))}
              </select>
            </div>
            <div className="area-field">
              <label htmlFor="contatos-pagina">Página de origem</label>
              <input id="contatos-pagina" name="pagina" type="text" maxLength={500} defaultValue={filters.pagina} placeholder="/preco-prontuario-eletronico" />
            </div>
            <div className="area-field">
              <label htmlFor="contatos-artigo">Artigo de origem (nº)</label>
              <input id="contatos-artigo" name="artigo" type="number" min={1} inputMode="numeric" defaultValue={filters.artigo} />
            </div>
            <div className="area-field">
              <label htmlFor="contatos-campanha">Campanha (utm_campaign)</label>
              <input id="contatos-campanha" name="campanha" type="text" maxLength={200} defaultValue={filters.campanha} />
            </div>
            <button type="submit" className="button button-secondary">
              Filtrar
            </button>
          </form>
          <div className="area-lead-summary">
            <p className="area-count" role="status">
              {total === 1 ? '1 contato' : `${total.toLocaleString('pt-BR')} contatos`}
            </p>
            <a className="button button-secondary button-small" href={`${apiBase}/contatos.csv${filterQuery(filters)}`} download>
              Exportar CSV
            </a>
          </div>
          {leads.length === 0 ? (
            <p>Nenhum contato com esses filtros.</p>
          ) : (
            <ol className="area-list">
              {leads.map((lead) => (
                <LeadItem key={lead.id} lead={lead} />
              ))}
            </ol>
          )}
          {(filters.antes || next) && (
            <nav className="area-paging" aria-label="Páginas dos contatos">
              {filters.antes && <a href={`${PATHS.leads}${filterQuery(filters)}`}>← Mais recentes (início)</a>}
              {next && <a href={`${PATHS.leads}${filterQuery(filters, next)}`}>Mais antigos →</a>}
            </nav>
          )}
        </div>
      </section>
    </>
  );
}

/** /editor/contatos (ver-contatos): the demonstration requests, searched and filtered by state and origin, exported as CSV. */
export const leadsPage: PrivateRoute<LeadsData> = {
  id: 'leads',
  path: PATHS.leads,
  kind: 'private',
  session: 'required',
  async load({ deps, session, search }) {
    const filters = filtersSchema.parse(Object.fromEntries([...new Set(search.keys())].map((key) => [key, search.getAll(key)])));
    const base = { session: session!, filters, apiBase: deps.config.apiBasePath };
    if (!mayWith(session!.papel, session!.permissoes, 'ver-contatos')) return { status: 403, data: { ...base, leads: [], total: 0, next: null, forbidden: true } };
    const { leads, total, next } = await listLeads(deps.repo, storeQuery(filters));
    return { status: 200, data: { ...base, leads, total, next } };
  },
  meta: () => privateMeta(PATHS.leads, 'Contatos', 'Pedidos de demonstração recebidos pelo site.'),
  Component: LeadsPage,
  documentAssets: areaAssets,
};
