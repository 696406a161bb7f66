import type { StatsReport } from './stats-report.js';
import { inertCell } from './leads-csv.js';

/** The tables of the statistics page, each exportable as CSV. */
export const STATS_TABLES = ['serie', 'paginas', 'origens', 'campanhas', 'buscas', 'conversoes', 'dispositivos'] as const;
export type StatsTable = (typeof STATS_TABLES)[number];

export const CONVERSION_LABELS = { demonstracao: 'Pedido de demonstração', boletim: 'Inscrição no boletim' } as const;

/**
 * One table of the report as rows for a spreadsheet: a header, then the data. Search terms and campaigns
 * are typed by visitors, so every text cell is made inert (a leading = + - @ would run as a formula).
 */
export function statsCsvRows(report: StatsReport, table: StatsTable): (string | number)[][] {
  const text = (value: string) => inertCell(value);
  switch (table) {
    case 'serie':
      return [['Dia', 'Visitantes', 'Visualizações'], ...report.serie.map((row) => [row.dia, row.visitantes, row.visualizacoes])];
    case 'paginas':
      return [['Caminho', 'Título', 'Visitantes', 'Visualizações'], ...report.paginas.map((row) => [text(row.caminho), text(row.titulo), row.visitantes, row.visualizacoes])];
    case 'origens':
      return [['Origem', 'Visualizações'], ...report.origens.map((row) => [text(row.origem), row.visualizacoes])];
    case 'campanhas':
      return [
        ['utm_source', 'utm_medium', 'utm_campaign', 'Visualizações', 'Conversões'],
        ...report.campanhas.map((row) => [text(row.utm_source), text(row.utm_medium), text(row.utm_campaign), row.visualizacoes, row.conversoes]),
      ];
    case 'buscas':
      return [['Termo', 'Resultados', 'Vezes'], ...report.buscas.map((row) => [text(row.termo), row.resultados, row.vezes])];
    case 'conversoes':
      return [['Tipo', 'Caminho', 'utm_campaign', 'Total'], ...report.conversoes.map((row) => [CONVERSION_LABELS[row.tipo], text(row.caminho), text(row.utm_campaign), row.total])];
    case 'dispositivos':
      return [['Dispositivo', 'Visualizações'], ['Celular', report.dispositivos.celular], ['Computador', report.dispositivos.computador], ['Robôs de busca (à parte)', report.robos.visualizacoes]];
  }
}
