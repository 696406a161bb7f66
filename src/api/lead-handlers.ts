import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { z } from 'zod';
import type { Delivery } from '../db/outbox-store.js';
import { SITE_TIME_ZONE } from '../lib/site-time.js';
import { recordAudit } from '../workflow/audit-trail.js';
import { addLeadNote, changeLeadState, exportLead, leadQueryOf, listLeads, resendDelivery, type LeadRecord } from '../workflow/lead-desk.js';
import { LEADS_CSV_HEADER, leadCsvRows } from '../workflow/leads-csv.js';
import type { EditorContext } from './api-context.js';
import type { leadFiltersSchema, leadListQuerySchema, leadNoteRequestSchema, leadStateRequestSchema } from './lead-schemas.js';

type Filters = z.output<typeof leadFiltersSchema>;


/** What the API shows of a delivery: not its payload (the lead itself) nor the claim's lease. */
export const deliveryView = (delivery: Delivery) => ({
  id: delivery.id,
  kind: delivery.kind,
  state: delivery.state,
  attempts: delivery.attempts,
  nextAttemptAt: delivery.nextAttemptAt,
  lastAnswer: delivery.lastAnswer,
  createdAt: delivery.createdAt,
  deliveredAt: delivery.deliveredAt,
});

export const recordView = ({ lead, notes, deliveries }: LeadRecord) => ({ contato: lead, notas: notes, entregas: deliveries.map(deliveryView) });

/** GET {api}/contatos ?texto&estado&pagina&artigo&campanha&antes (ver-contatos): newest first, 50 a page. */
export async function listLeadsHandler({ query }: { query: z.output<typeof leadListQuerySchema> }, { repo }: EditorContext) {
  const { leads, total, next } = await listLeads(repo, { ...leadQueryOf(query), ...(query.antes ? { before: query.antes } : {}) });
  return { contatos: leads, total, proxima: next };
}

/** GET {api}/contatos/{id} (ver-contatos): the lead with its consent proof, notes and deliveries; audited as an export. */
export async function getLeadHandler({ params }: { params: { id: number } }, { repo, req, editor }: EditorContext) {
  return recordView(await exportLead(repo, req, editor, params.id));
}

/** PATCH {api}/contatos/{id} { estado } (ver-contatos). */
export async function changeLeadStateHandler({ params, body }: { params: { id: number }; body: z.output<typeof leadStateRequestSchema> }, { repo, req, editor }: EditorContext) {
  return changeLeadState(repo, req, editor, params.id, body.estado);
}

/** POST {api}/contatos/{id}/notas { texto } (ver-contatos). */
export async function addLeadNoteHandler({ params, body }: { params: { id: number }; body: z.output<typeof leadNoteRequestSchema> }, { repo, req, editor }: EditorContext) {
  return addLeadNote(repo, req, editor, params.id, body.texto);
}

/** POST {api}/contatos/{id}/entregas/{entrega}/reenviar (ver-contatos): a failed delivery of this lead, again, under its id. */
export async function resendDeliveryHandler({ params }: { params: { id: number; entrega: string } }, { repo, req, editor }: EditorContext) {
  return deliveryView(await resendDelivery(repo, req, editor, params.id, params.entrega));
}

const fileDate = new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * GET {api}/contatos.csv with the list's filters (ver-contatos): UTF-8 with BOM, `;` and CRLF, as Excel
 * in pt-BR opens it, streamed a batch of leads at a time. Audited with the filters before the first byte.
 */
export async function leadsCsvHandler({ query }: { query: Filters }, { repo, req, res, editor }: EditorContext) {
  const filters = leadQueryOf(query);
  await recordAudit(repo.audit, req, editor, 'exportou-contatos-csv', { detalhes: { filtro: query } });
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="contatos-${fileDate.format(new Date())}.csv"`);
  res.setHeader('Cache-Control', 'no-store');
  async function* rows() {
    yield LEADS_CSV_HEADER;
    yield* leadCsvRows(repo, filters);
  }
  await pipeline(Readable.from(rows()), stringify({ bom: true, delimiter: ';', record_delimiter: '\r\n' }), res);
}
