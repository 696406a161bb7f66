import { stringify } from 'csv-stringify/sync';
import type { z } from 'zod';
import { statsCsvRows } from '../workflow/stats-csv.js';
import { periodOf, statsReport } from '../workflow/stats-report.js';
import { STATS_PAGES } from '../routes/stats-pages.js';
import type { EditorContext } from './api-context.js';
import type { statsCsvQuerySchema, statsQuerySchema } from './stats-schemas.js';

/** GET {api}/estatisticas ?de&ate&caminho (ver-estatisticas): the page's numbers as JSON. */
export async function statsHandler({ query }: { query: z.output<typeof statsQuerySchema> }, { repo }: EditorContext) {
  return statsReport(repo, periodOf(query), STATS_PAGES);
}

/** GET {api}/estatisticas.csv ?tabela&de&ate&caminho (ver-estatisticas): one table, UTF-8 with BOM and `;`, as Excel in pt-BR opens it. */
export async function statsCsvHandler({ query }: { query: z.output<typeof statsCsvQuerySchema> }, { repo, res }: EditorContext) {
  const period = periodOf(query);
  const report = await statsReport(repo, period, STATS_PAGES);
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="estatisticas-${query.tabela}-${period.de}-a-${period.ate}.csv"`);
  res.setHeader('Cache-Control', 'no-store');
  res.send(stringify(statsCsvRows(report, query.tabela), { bom: true, delimiter: ';', record_delimiter: '\r\n' }));
}
