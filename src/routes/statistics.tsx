import type { ReactNode } from 'react';
import { z } from 'zod';
import { StatsChart } from '../components/stats-chart.js';
import { addDays, siteDayOf } from '../lib/stats-time.js';
import { mayWith } from '../people/roles.js';
import { privateMeta } from '../seo/private-meta.js';
import { CONVERSION_LABELS, type StatsTable } from '../workflow/stats-csv.js';
import { periodOf, statsReport, type StatsPeriod, type StatsReport } from '../workflow/stats-report.js';
import { AreaBar } from './layout/area-bar.js';
import { Forbidden } from './layout/forbidden.js';
import { areaAssets } from './layout/page-assets.js';
import type { EditorSession, PrivateRoute } from './page-route.js';
import { PATHS } from './paths.js';
import { STATS_PAGES } from './stats-pages.js';

const first = (value: unknown): unknown => (Array.isArray(value) ? (value as unknown[])[0] : value);
const day = z.preprocess(first, z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((text) => !Number.isNaN(Date.parse(text))).optional().catch(undefined));

/** The address's period, read leniently: a mistyped date is dropped and the default used. */
const periodSchema = z.object({
  de: day,
  ate: day,
  dias: z.preprocess(first, z.coerce.number().int().pipe(z.union([z.literal(7), z.literal(30), z.literal(90)])).optional().catch(undefined)),
  caminho: z.preprocess(first, z.string().max(500).regex(/^\//).optional().catch(undefined)),
});

export interface StatisticsData {
  session: EditorSession;
  period: StatsPeriod;
  report: StatsReport | null;
  apiBase: string;
  forbidden?: boolean;
}

const number = (value: number) => value.toLocaleString('pt-BR');
const dayText = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}`;

function query(period: StatsPeriod, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ de: period.de, ate: period.ate, ...(period.caminho ? { caminho: period.caminho } : {}), ...extra });
  return `?${params}`;
}

function Table({ id, caption, csv, head, rows, empty }: { id: string; caption: string; csv?: string; head: string[]; rows: ReactNode[][]; empty: string }) {
  return (
    <section className="stats-block" aria-labelledby={`${id}-titulo`}>
      <div className="stats-block-head">
        <h2 id={`${id}-titulo`}>{caption}</h2>
        {csv && (
          <a className="button button-secondary button-small" href={csv} download>
            Exportar CSV<span className="visually-hidden">: {caption}</span>
          </a>
        )}
      </div>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        // A wide table scrolls sideways on a phone: reachable by keyboard, named after its heading.
        <div className="stats-table-wrap" tabIndex={0} role="region" aria-label={`Tabela: ${caption}`}>
          <table className="stats-table" id={`${id}-tabela`}>
            <thead>
              <tr>
                {head.map((cell, index) => (
                  <th key={cell} scope="col" className={typeof rows[0]?.[index] === 'number' ? 'stats-number' : undefined}>
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, index) =>
                    index === 0 ? (
                      <th key={index} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={index} className={typeof cell === 'number' ? 'stats-number' : undefined}>
                        {typeof cell === 'number' ? number(cell) : cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function StatisticsPage({ data }: { data: StatisticsData }) {
  const { session, period, report, apiBase, forbidden } = data;
  if (forbidden || !report) return <Forbidden session={session} />;
  const csv = (tabela: StatsTable) => `${apiBase}/estatisticas.csv${query(period, { tabela })}`;
  const today = period.ate;
  const pageOf = (caminho: string) => `${PATHS.statistics}${query({ ...period, caminho })}`;
  const withResults = report.buscas.filter((row) => row.resultados > 0);
  const without = report.buscas.filter((row) => row.resultados === 0);
  const title = period.caminho ? (report.paginas[0]?.titulo ?? period.caminho) : 'Estatísticas do site';
  return (
    <>
      <AreaBar session={session} current="estatisticas" />
      <section className="section area-page" aria-labelledby="estatisticas-titulo">
        <div className="container">
          <h1 id="estatisticas-titulo">{title}</h1>
          <p className="lead stats-lead">
            {period.caminho ? (
              <>
                Uma página: <code>{period.caminho}</code>. <a href={`${PATHS.statistics}${query({ de: period.de, ate: period.ate })}`}>Ver o site todo</a>
              </>
            ) : (
              'Contadas pelo servidor, sem cookies nem scripts; robôs de busca à parte.'
            )}{' '}
            De {dayText(period.de)} a {dayText(period.ate)} (horário de São Paulo).
          </p>
          <nav className="stats-periods" aria-label="Período">
            {[7, 30, 90].map((dias) => (
              <a key={dias} href={`${PATHS.statistics}${query({ de: addDays(today, -(dias - 1)), ate: today, caminho: period.caminho })}`}>
                Últimos {dias} dias
              </a>
            ))}
          </nav>
          <form className="area-filters stats-custom" method="get" action={PATHS.statistics} aria-label="Período personalizado">
            <div className="area-field">
              <label htmlFor="estatisticas-de">De</label>
              <input id="estatisticas-de" name="de" type="date" defaultValue={period.de} required />
            </div>
            <div className="area-field">
              <label htmlFor="estatisticas-ate">Até</label>
              <input id="estatisticas-ate" name="ate" type="date" defaultValue={period.ate} required />
            </div>
            {period.caminho && <input type="hidden" name="caminho" value={period.caminho} />}
            <button type="submit" className="button button-secondary">
              Ver período
            </button>
          </form>
          <dl className="stats-totals">
            <div>
              <dt>Visitantes</dt>
              <dd>{number(report.visitantes)}</dd>
            </div>
            <div>
              <dt>Visualizações</dt>
              <dd>{number(report.visualizacoes)}</dd>
            </div>
            <div>
              <dt>Conversões</dt>
              <dd>{number(report.conversoes.reduce((sum, row) => sum + row.total, 0))}</dd>
            </div>
            <div>
              <dt>Robôs de busca</dt>
              <dd>{number(report.robos.visualizacoes)}</dd>
            </div>
          </dl>
          <section className="stats-block" aria-labelledby="serie-grafico-titulo">
            <h2 id="serie-grafico-titulo">Visitantes e visualizações por dia</h2>
            <StatsChart
              id="serie-grafico"
              tableId="serie-tabela"
              title={`Visitantes e visualizações por dia, de ${dayText(period.de)} a ${dayText(period.ate)}; os números estão na tabela a seguir`}
              labels={report.serie.map((row) => row.dia)}
              series={[
                { name: 'Visualizações', values: report.serie.map((row) => row.visualizacoes), className: 'stats-views' },
                { name: 'Visitantes', values: report.serie.map((row) => row.visitantes), className: 'stats-visitors' },
              ]}
            />
          </section>
          <Table id="serie" caption="Por dia" csv={csv('serie')} head={['Dia', 'Visitantes', 'Visualizações']} rows={report.serie.map((row) => [dayText(row.dia), row.visitantes, row.visualizacoes])} empty="Nenhum dia no período." />
          {!period.caminho && (
            <Table
              id="paginas"
              caption="Artigos e páginas mais vistos"
              csv={csv('paginas')}
              head={['Página', 'Visitantes', 'Visualizações']}
              rows={report.paginas.map((row) => [<a key={row.caminho} href={pageOf(row.caminho)}>{row.titulo}</a>, row.visitantes, row.visualizacoes])}
              empty="Nenhuma visualização no período."
            />
          )}
          <Table id="origens" caption="De onde vêm os leitores" csv={csv('origens')} head={['Site de origem', 'Visualizações']} rows={report.origens.map((row) => [row.origem, row.visualizacoes])} empty="Nenhuma origem externa no período." />
          <Table
            id="campanhas"
            caption="Campanhas (utm)"
            csv={csv('campanhas')}
            head={['Fonte', 'Meio', 'Campanha', 'Visualizações', 'Conversões']}
            rows={report.campanhas.map((row) => [row.utm_source || '—', row.utm_medium || '—', row.utm_campaign || '—', row.visualizacoes, row.conversoes])}
            empty="Nenhuma campanha no período."
          />
          {!period.caminho && (
            <>
              <Table id="buscas-sem" caption="Buscas sem resultado" csv={csv('buscas')} head={['Termo', 'Vezes']} rows={without.map((row) => [row.termo, row.vezes])} empty="Nenhuma busca sem resultado no período." />
              <Table id="buscas-com" caption="Buscas com resultado" head={['Termo', 'Resultados', 'Vezes']} rows={withResults.map((row) => [row.termo, row.resultados, row.vezes])} empty="Nenhuma busca com resultado no período." />
            </>
          )}
          <Table
            id="conversoes"
            caption="Conversões por artigo ou página de origem"
            csv={csv('conversoes')}
            head={['Origem', 'Tipo', 'Campanha', 'Total']}
            rows={report.conversoes.map((row) => [row.caminho, CONVERSION_LABELS[row.tipo], row.utm_campaign || '—', row.total])}
            empty="Nenhuma conversão no período."
          />
          <Table
            id="dispositivos"
            caption="Dispositivos"
            csv={csv('dispositivos')}
            head={['Dispositivo', 'Visualizações']}
            rows={[
              ['Celular', report.dispositivos.celular],
              ['Computador', report.dispositivos.computador],
            ]}
            empty=""
          />
        </div>
      </section>
    </>
  );
}

/** /editor/estatisticas (ver-estatisticas): the site's cookie-free statistics for a period, or one page's with ?caminho=. */
export const statisticsPage: PrivateRoute<StatisticsData> = {
  id: 'statistics',
  path: PATHS.statistics,
  kind: 'private',
  session: 'required',
  async load({ deps, session, search }) {
    const asked = periodSchema.parse(Object.fromEntries([...new Set(search.keys())].map((key) => [key, search.getAll(key)])));
    const today = siteDayOf(Date.now());
    const ate = asked.ate ?? today;
    const de = asked.de !== undefined && asked.de <= ate ? asked.de : asked.dias ? addDays(ate, -(asked.dias - 1)) : undefined;
    const period = periodOf({ de, ate, caminho: asked.caminho });
    const base = { session: session!, period, apiBase: deps.config.apiBasePath };
    if (!mayWith(session!.papel, session!.permissoes, 'ver-estatisticas')) return { status: 403, data: { ...base, report: null, forbidden: true } };
    return { status: 200, data: { ...base, report: await statsReport(deps.repo, period, STATS_PAGES) } };
  },
  meta: () => privateMeta(PATHS.statistics, 'Estatísticas', 'Visitas, buscas e conversões do site, sem cookies.'),
  Component: StatisticsPage,
  documentAssets: areaAssets,
};
