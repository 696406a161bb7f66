import { z } from 'zod';
import { formatDateTimePtBr } from '../content/format-date-time.js';
import type { Page } from '../db/repository.js';
import type { AuditEntry } from '../db/audit-store.js';
import type { Person } from '../db/people-store.js';
import { AUDIT_ACTION_LABELS, auditActionLabel } from '../people/audit-actions.js';
import { may } from '../people/roles.js';
import { privateMeta } from '../seo/private-meta.js';
import { AreaBar } from './layout/area-bar.js';
import { Forbidden } from './layout/forbidden.js';
import { areaAssets } from './layout/page-assets.js';
import type { EditorSession, PrivateRoute } from './page-route.js';
import { editArticlePath, PATHS } from './paths.js';

const AUDIT_PAGE_SIZE = 50;

const first = (value: unknown): unknown => (Array.isArray(value) ? (value as unknown[])[0] : value);
const filtersSchema = z.object({
  pessoa: z.preprocess(first, z.coerce.number().int().positive().optional().catch(undefined)),
  acao: z.preprocess(first, z.string().max(40).optional().catch(undefined)),
  pagina: z.preprocess(first, z.coerce.number().int().min(1).max(100_000).catch(1).default(1)),
});
type AuditFilters = z.infer<typeof filtersSchema>;

export interface AuditData {
  session: EditorSession;
  filters: AuditFilters;
  people: Pick<Person, 'id' | 'nome'>[];
  log: Page<AuditEntry>;
  forbidden?: boolean;
}

function auditPath(filters: AuditFilters, pagina: number): string {
  const params = new URLSearchParams();
  if (filters.pessoa) params.set('pessoa', String(filters.pessoa));
  if (filters.acao) params.set('acao', filters.acao);
  if (pagina > 1) params.set('pagina', String(pagina));
  const query = params.toString();
  return query ? `${PATHS.audit}?${query}` : PATHS.audit;
}

/** The details stored as JSON, as short Portuguese-readable pairs. */
function details(json: string | null): string | null {
  if (!json) return null;
  try {
    return Object.entries(JSON.parse(json) as Record<string, unknown>)
      .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') || '—' : String(value)}`)
      .join(' · ');
  } catch {
    return json;
  }
}

function Entry({ entry }: { entry: AuditEntry }) {
  const extra = details(entry.detalhes);
  return (
    <li className="area-item">
      <p className="area-item-title">
        <strong>{auditActionLabel(entry.acao)}</strong>
        {` · ${entry.quem}`}
      </p>
      <dl className="area-item-facts">
        <div>
          <dt>Quando</dt>
          <dd>
            <time dateTime={entry.quando}>{formatDateTimePtBr(entry.quando)}</time>
          </dd>
        </div>
        {entry.id_artigo !== null && (
          <div>
            <dt>Artigo</dt>
            <dd>
              <a href={editArticlePath(entry.id_artigo)}>{`nº ${entry.id_artigo}`}</a>
            </dd>
          </div>
        )}
        {entry.endereco && (
          <div>
            <dt>Endereço</dt>
            <dd>{entry.endereco}</dd>
          </div>
        )}
        {extra && (
          <div>
            <dt>Detalhes</dt>
            <dd>{extra}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}

function AuditPage({ data }: { data: AuditData }) {
  const { session, filters, people, log, forbidden } = data;
  if (forbidden) return <Forbidden session={session} />;
  const pages = Math.max(1, Math.ceil(log.total / AUDIT_PAGE_SIZE));
  return (
    <>
      <AreaBar session={session} current="auditoria" />
      <section className="section area-page" aria-labelledby="auditoria-titulo">
        <div className="container area-narrow">
          <h1 id="auditoria-titulo">Auditoria</h1>
          <p className="lead">Quem fez o quê, quando e de onde, do mais recente ao mais antigo (horário de São Paulo). Nada aqui pode ser alterado ou apagado.</p>
          <form className="area-filters area-audit-filters" method="get" action={PATHS.audit} role="search" aria-label="Filtrar auditoria">
            <div className="area-field">
              <label htmlFor="auditoria-pessoa">Pessoa</label>
              <select id="auditoria-pessoa" name="pessoa" defaultValue={filters.pessoa ? String(filters.pessoa) : ''}>
                <option value="">Todas</option>
                {people.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.nome}
                  </option>
                ))}
              </select>
            </div>
            <div className="area-field">
              <label htmlFor="auditoria-acao">Ação</label>
              <select id="auditoria-acao" name="acao" defaultValue={filters.acao ?? ''}>
                <option value="">Todas</option>
                {Object.entries(AUDIT_ACTION_LABELS).map(([acao, label]) => (
                  <option key={acao} value={acao}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button button-secondary">
              Filtrar
            </button>
          </form>
          <p className="area-count" role="status">
            {log.total === 1 ? '1 registro' : `${log.total.toLocaleString('pt-BR')} registros`}
          </p>
          {log.items.length === 0 ? (
            <p>Nenhum registro com esses filtros.</p>
          ) : (
            <ol className="area-list">
              {log.items.map((entry) => (
                <Entry key={entry.id} entry={entry} />
              ))}
            </ol>
          )}
          {pages > 1 && (
            <nav className="area-paging" aria-label="Páginas da auditoria">
              {filters.pagina > 1 && <a href={auditPath(filters, filters.pagina - 1)}>← Mais recentes</a>}
              <span>{`Página ${filters.pagina} de ${pages}`}</span>
              {filters.pagina < pages && <a href={auditPath(filters, filters.pagina + 1)}>Mais antigos →</a>}
            </nav>
          )}
        </div>
      </section>
    </>
  );
}

/** /editor/auditoria (administrators): the append-only log, filtered by person and action. */
export const auditPage: PrivateRoute<AuditData> = {
  id: 'audit',
  path: PATHS.audit,
  kind: 'private',
  session: 'required',
  async load({ deps, session, search }) {
    const filters = filtersSchema.parse(Object.fromEntries([...new Set(search.keys())].map((key) => [key, search.getAll(key)])));
    if (!may(session!.papel, 'ler-auditoria')) return { status: 403, data: { session: session!, filters, people: [], log: { items: [], total: 0 }, forbidden: true } };
    const [people, log] = await Promise.all([
      deps.repo.people.list(),
      deps.repo.audit.list({
        pageIndex: filters.pagina,
        pageSize: AUDIT_PAGE_SIZE,
        ...(filters.pessoa ? { id_pessoa: filters.pessoa } : {}),
        ...(filters.acao ? { acao: filters.acao } : {}),
      }),
    ]);
    return { status: 200, data: { session: session!, filters, people: people.map(({ id, nome }) => ({ id, nome })), log } };
  },
  meta: () => privateMeta(PATHS.audit, 'Auditoria', 'Registro de quem fez o quê na área dos editores.'),
  Component: AuditPage,
  documentAssets: areaAssets,
};
