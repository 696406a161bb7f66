import { z } from 'zod';
import { STATS_TABLES } from '../workflow/stats-csv.js';

const MESSAGES = {
  day: 'Use uma data no formato AAAA-MM-DD',
  order: 'A data inicial (de) deve ser anterior ou igual à final (ate)',
  span: 'O período pode ter no máximo 800 dias',
  path: 'caminho deve ser um caminho do site, começando por /',
  table: `tabela deve ser uma de: ${STATS_TABLES.join(', ')}`,
};

const day = z
  .string({ error: MESSAGES.day })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MESSAGES.day })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), { error: MESSAGES.day });

/** The period asked (São Paulo days, both inclusive; default the last 30 days including today) and an optional page. */
export const statsQuerySchema = z
  .object({
    de: day.optional().meta({ description: 'Primeiro dia (AAAA-MM-DD, horário de São Paulo), incluído. Padrão: 29 dias antes de ate.' }),
    ate: day.optional().meta({ description: 'Último dia (AAAA-MM-DD), incluído. Padrão: hoje.' }),
    caminho: z.string({ error: MESSAGES.path }).max(500, { error: MESSAGES.path }).regex(/^\//, { error: MESSAGES.path }).optional().meta({ description: 'Um caminho canônico exato (ex.: /noticias/12/2026/11/27/titulo): filtra todas as partes.' }),
  })
  .refine((query) => query.de === undefined || query.ate === undefined || query.de <= query.ate, { error: MESSAGES.order, path: ['de'] })
  .refine((query) => query.de === undefined || query.ate === undefined || Date.parse(query.ate) - Date.parse(query.de) <= 800 * 86_400_000, { error: MESSAGES.span, path: ['de'] });

export const statsCsvQuerySchema = z.object({
  de: day.optional(),
  ate: day.optional(),
  caminho: z.string({ error: MESSAGES.path }).max(500, { error: MESSAGES.path }).regex(/^\//, { error: MESSAGES.path }).optional(),
  tabela: z.enum(STATS_TABLES, { error: MESSAGES.table }).meta({ description: 'Qual tabela exportar.' }),
});

const count = z.int().min(0);
export const statsReportSchema = z.object({
  visitantes: count.meta({ description: 'Soma dos visitantes únicos de cada dia (dias não se ligam, de propósito).' }),
  visualizacoes: count,
  serie: z.array(z.object({ dia: z.string(), visitantes: count, visualizacoes: count })),
  paginas: z.array(z.object({ caminho: z.string(), titulo: z.string(), visitantes: count, visualizacoes: count })),
  origens: z.array(z.object({ origem: z.string(), visualizacoes: count })),
  campanhas: z.array(
    z.object({ utm_source: z.string(), utm_medium: z.string(), utm_campaign: z.string(), visualizacoes: count, conversoes: count.meta({ description: 'Pedidos de demonstração e confirmações do boletim que vieram da campanha.' }) }),
  ),
  buscas: z.array(z.object({ termo: z.string(), resultados: count, vezes: count })),
  conversoes: z.array(
    z.object({
      tipo: z.enum(['demonstracao', 'boletim']),
      caminho: z.string(),
      utm_source: z.string().meta({ description: 'A campanha guardada com o pedido ou a inscrição ("" = nenhuma).' }),
      utm_medium: z.string(),
      utm_campaign: z.string(),
      total: count,
    }),
  ),
  dispositivos: z.object({ celular: count, computador: count }),
  robos: z.object({ visualizacoes: count }),
});
