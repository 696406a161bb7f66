import type { SiteConfig } from '../config.js';
import type { Lead } from '../db/lead-store.js';
import { PROFILE_OPTIONS } from '../content/lead-form-rules.js';
import { composeMail } from './compose-mail.js';
import type { Mail } from './mailer.js';

const profileLabel = (lead: Lead) => {
  const label = PROFILE_OPTIONS.find((option) => option.value === lead.profile)?.label ?? lead.profile;
  return lead.professionals === null ? label : `${label} (${lead.professionals} profissionais)`;
};

function originLine(lead: Lead): string {
  const { page, utm } = lead.origin;
  const campaign = Object.entries(utm).map(([key, value]) => `utm_${key}=${value}`);
  return [page ? `veio de ${page}` : 'acesso direto', ...campaign].join(', ');
}

/** The sales team's notice of a new demonstration request: who asked, how to reach them, where they came from, and the lead's page. */
export function newLeadMail(site: Pick<SiteConfig, 'productName'>, to: string, lead: Lead, url: string): Mail {
  return composeMail(to, {
    subject: `Novo pedido de demonstração: ${lead.name}`,
    before: [
      `${lead.name} pediu uma demonstração do ${site.productName}.`,
      `E-mail: ${lead.email}`,
      `WhatsApp/telefone: ${lead.phone}`,
      `Perfil: ${profileLabel(lead)}`,
      ...(lead.specialty ? [`Especialidade: ${lead.specialty}`] : []),
      ...(lead.message ? [`Mensagem: ${lead.message}`] : []),
      `Origem: ${originLine(lead)}`,
      `Aceita receber conteúdos por e-mail: ${lead.consent.marketingAccepted ? 'sim' : 'não'}`,
    ],
    link: { label: 'Abrir o contato', url },
    after: ['Responda pelo e-mail ou WhatsApp informados: a pessoa espera o contato para agendar a demonstração.'],
    signature: `Site do ${site.productName}`,
  });
}
