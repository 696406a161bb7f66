import type { DeliveryKind, DeliveryState } from '../db/outbox-store.js';
import type { LeadProfile, LeadState } from '../db/lead-store.js';

/** How the sales team reads a lead's facts (the stored names stay short and stable). */
export const LEAD_STATE_LABELS: Record<LeadState, string> = {
  novo: 'Novo',
  'em-contato': 'Em contato',
  cliente: 'Cliente',
  descartado: 'Descartado',
};

export const LEAD_PROFILE_LABELS: Record<LeadProfile, string> = {
  'medico-consultorio': 'Médico(a) em consultório próprio',
  clinica: 'Clínica',
  'secretaria-gestor': 'Secretária(o) ou gestor(a)',
  outro: 'Outro',
};

/** Kinds other features add (a newsletter edition) show by their stored name until they are named here. */
const DELIVERY_KIND_LABELS: Partial<Record<DeliveryKind, string>> = {
  email: 'E-mail',
  webhook: 'Webhook (CRM)',
};
export const deliveryKindLabel = (kind: DeliveryKind): string => DELIVERY_KIND_LABELS[kind] ?? kind;

export const DELIVERY_STATE_LABELS: Record<DeliveryState, string> = {
  pendente: 'Pendente',
  enviando: 'Enviando',
  entregue: 'Entregue',
  falhou: 'Falhou',
};

/** "Clínica (12 profissionais)": the profile with the clinic's size when there is one. */
export function leadProfileText(lead: { profile: LeadProfile; professionals: number | null }): string {
  const label = LEAD_PROFILE_LABELS[lead.profile];
  if (lead.professionals === null) return label;
  return `${label} (${lead.professionals} ${lead.professionals === 1 ? 'profissional' : 'profissionais'})`;
}

/** Where the lead came from, in one line: the page or article, and the campaign. */
export function leadOriginText(origin: { page: string | null; articleId: number | null; utm: { campaign?: string; source?: string } }): string {
  const parts: string[] = [];
  if (origin.articleId !== null) parts.push(`Artigo nº ${origin.articleId}`);
  if (origin.page) parts.push(origin.page);
  if (origin.utm.campaign) parts.push(`Campanha ${origin.utm.campaign}`);
  else if (origin.utm.source) parts.push(`Fonte ${origin.utm.source}`);
  return parts.length > 0 ? parts.join(' · ') : 'Direto';
}
