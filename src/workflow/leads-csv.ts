import type { Lead, LeadQuery } from '../db/lead-store.js';
import type { Repository } from '../db/storage.js';
import { LEAD_STATE_LABELS, leadProfileText } from '../content/lead-labels.js';
import { SITE_TIME_ZONE } from '../lib/site-time.js';

/** Leads read per query while exporting: memory stays flat however many there are. */
const BATCH = 1_000;

/** The header row, as the sales team reads it in a spreadsheet. */
export const LEADS_CSV_HEADER = [
  'Número',
  'Data',
  'Nome',
  'E-mail',
  'Telefone',
  'Perfil',
  'Especialidade',
  'Mensagem',
  'Estado',
  'Página de origem',
  'Artigo de origem',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'Aceita receber conteúdo',
  'Versão do consentimento',
];

const excelDate = new Intl.DateTimeFormat('pt-BR', {
  timeZone: SITE_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "27/11/2026 14:05" in São Paulo time: what Excel in pt-BR reads as a date and time (no comma between). */
export const csvDateTime = (iso: string) => excelDate.format(new Date(iso)).replace(', ', ' ');

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return, which it skips first)
 * as a formula: a visitor's name like `=HYPERLINK(...)` would run on the sales team's machine. A leading
 * apostrophe makes it text (OWASP's CSV injection advice).
 */
export const inertCell = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

export function leadCsvRow(lead: Lead): string[] {
  const cells = [
    String(lead.id),
    csvDateTime(lead.createdAt),
    lead.name,
    lead.email,
    lead.phone,
    leadProfileText(lead),
    lead.specialty ?? '',
    lead.message ?? '',
    LEAD_STATE_LABELS[lead.state],
    lead.origin.page ?? '',
    lead.origin.articleId === null ? '' : String(lead.origin.articleId),
    lead.origin.utm.source ?? '',
    lead.origin.utm.medium ?? '',
    lead.origin.utm.campaign ?? '',
    lead.origin.utm.term ?? '',
    lead.origin.utm.content ?? '',
    lead.consent.marketingAccepted ? 'Sim' : 'Não',
    lead.consent.version,
  ];
  return cells.map(inertCell);
}

/** Every lead the filters match, newest first, as CSV rows, read a batch at a time as the reader drains them. */
export async function* leadCsvRows(repo: Repository, filters: Omit<LeadQuery, 'limit' | 'before'>): AsyncGenerator<string[]> {
  let before: LeadQuery['before'];
  for (;;) {
    const { leads } = await repo.leads.list({ ...filters, ...(before ? { before } : {}), limit: BATCH });
    for (const lead of leads) yield leadCsvRow(lead);
    if (leads.length < BATCH) return;
    const last = leads.at(-1)!;
    before = { createdAt: last.createdAt, id: last.id };
  }
}

