import type { Request } from 'express';
import { leadReference, type Lead, type LeadNote, type LeadQuery, type LeadState } from '../db/lead-store.js';
import type { Delivery } from '../db/outbox-store.js';
import type { Repository } from '../db/storage.js';
import { ApiError } from '../lib/api-error.js';
import { recordAudit } from './audit-trail.js';
import type { Editor } from './editor-auth.js';
import { LEAD_MESSAGES } from './lead-messages.js';

/** A lead with everything the sales team keeps about it: its consent proof (in the lead), notes and deliveries. */
export interface LeadRecord {
  lead: Lead;
  notes: LeadNote[];
  deliveries: Delivery[];
}

/** Who works the leads; the permission (ver-contatos) was checked by the API's table or the page. */
type Actor = Pick<Editor, 'author' | 'personId'>;

/** Leads per page of the list. */
export const LEADS_PAGE_SIZE = 50;

/** The list's cursor: the last lead shown, so the next page starts after it even as new leads arrive. */
export const leadCursor = (lead: Pick<Lead, 'createdAt' | 'id'>) => `${lead.createdAt}_${lead.id}`;

export function parseLeadCursor(cursor: string): LeadQuery['before'] | undefined {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z)_(\d{1,15})$/.exec(cursor);
  return match ? { createdAt: match[1]!, id: Number(match[2]) } : undefined;
}

/** The list's filters as the API and the page name them (Portuguese), checked by their schema. */
export interface LeadFilters {
  texto?: string;
  estado?: LeadState;
  pagina?: string;
  artigo?: number;
  campanha?: string;
}

/** The filters as the store's query. */
export function leadQueryOf(filters: LeadFilters): Omit<LeadQuery, 'limit' | 'before'> {
  return {
    ...(filters.texto ? { text: filters.texto } : {}),
    ...(filters.estado ? { state: filters.estado } : {}),
    ...(filters.pagina ? { page: filters.pagina } : {}),
    ...(filters.artigo ? { articleId: filters.artigo } : {}),
    ...(filters.campanha ? { campaign: filters.campanha } : {}),
  };
}

/** A page of the list, newest first, with the cursor of the next one (null on the last). */
export async function listLeads(repo: Repository, query: Omit<LeadQuery, 'limit'>): Promise<{ leads: Lead[]; total: number; next: string | null }> {
  const { leads, total } = await repo.leads.list({ ...query, limit: LEADS_PAGE_SIZE + 1 });
  const shown = leads.slice(0, LEADS_PAGE_SIZE);
  return { leads: shown, total, next: leads.length > LEADS_PAGE_SIZE ? leadCursor(shown.at(-1)!) : null };
}

export async function leadRecord(repo: Repository, id: number): Promise<LeadRecord> {
  const [lead, notes, deliveries] = await Promise.all([repo.leads.get(id), repo.leads.notes(id), repo.outbox.listByReference(leadReference(id))]);
  if (!lead) throw new ApiError(404, LEAD_MESSAGES.notFound);
  return { lead, notes, deliveries };
}

/** The lead's record as a file leaving the system (the JSON export): audited, as personal data taken out. */
export async function exportLead(repo: Repository, req: Request, actor: Actor, id: number): Promise<LeadRecord> {
  const record = await leadRecord(repo, id);
  await recordAudit(repo.audit, req, actor, 'exportou-contato-json', { detalhes: { id_contato: id } });
  return record;
}

export async function changeLeadState(repo: Repository, req: Request, actor: Actor, id: number, state: LeadState): Promise<Lead> {
  const lead = await repo.leads.setState(id, state, new Date().toISOString());
  if (!lead) throw new ApiError(404, LEAD_MESSAGES.notFound);
  await recordAudit(repo.audit, req, actor, 'mudou-estado-contato', { detalhes: { id_contato: id, estado: state } });
  return lead;
}

export async function addLeadNote(repo: Repository, req: Request, actor: Actor, id: number, text: string): Promise<LeadNote> {
  if (!(await repo.leads.get(id))) throw new ApiError(404, LEAD_MESSAGES.notFound);
  const note = await repo.leads.addNote({ leadId: id, authorId: actor.personId, authorName: actor.author, text, createdAt: new Date().toISOString() });
  await recordAudit(repo.audit, req, actor, 'anotou-contato', { detalhes: { id_contato: id, id_nota: note.id } });
  return note;
}

/**
 * "Reenviar": a delivery about this lead that was given up on goes out again under the same id (the
 * receiver deduplicates on it). Another lead's delivery is not found here; one not failed is a 409.
 */
export async function resendDelivery(repo: Repository, req: Request, actor: Actor, id: number, deliveryId: string): Promise<Delivery> {
  const delivery = await repo.outbox.get(deliveryId);
  if (!delivery || delivery.reference !== leadReference(id)) throw new ApiError(404, LEAD_MESSAGES.deliveryNotFound);
  if (delivery.state !== 'falhou' || !(await repo.outbox.requeue(deliveryId, new Date().toISOString()))) throw new ApiError(409, LEAD_MESSAGES.deliveryNotFailed);
  await recordAudit(repo.audit, req, actor, 'reenviou-entrega', { detalhes: { id_contato: id, id_entrega: deliveryId, tipo: delivery.kind } });
  return (await repo.outbox.get(deliveryId))!;
}
