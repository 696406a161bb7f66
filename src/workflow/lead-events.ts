import type { Lead, Utm } from '../db/lead-store.js';

/** What the CRM webhook carries when a lead is created (documented in the OpenAPI's `webhooks`). */
export interface LeadCreatedEvent {
  evento: 'contato.criado';
  criado_em: string;
  contato: {
    id: number;
    nome: string;
    email: string;
    telefone: string;
    perfil: Lead['profile'];
    profissionais: number | null;
    especialidade: string | null;
    mensagem: string | null;
    aceita_conteudo: boolean;
    origem: { pagina: string | null; artigo: number | null; utm: Utm };
    criado_em: string;
  };
}

export function leadCreatedEvent(lead: Lead): LeadCreatedEvent {
  return {
    evento: 'contato.criado',
    criado_em: lead.createdAt,
    contato: {
      id: lead.id,
      nome: lead.name,
      email: lead.email,
      telefone: lead.phone,
      perfil: lead.profile,
      profissionais: lead.professionals,
      especialidade: lead.specialty,
      mensagem: lead.message,
      aceita_conteudo: lead.consent.marketingAccepted,
      origem: { pagina: lead.origin.page, artigo: lead.origin.articleId, utm: { ...lead.origin.utm } },
      criado_em: lead.createdAt,
    },
  };
}
