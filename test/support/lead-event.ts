import type { LeadCreatedPayload } from '../../src/api/webhook-schemas.js';

/** A demonstration request's event as the leads code enqueues it: lead `n`, with the given e-mail. */
export function leadEvent(n: number, email = `pessoa${n}@clinica.test`): LeadCreatedPayload {
  const criado_em = new Date(Date.UTC(2026, 10, 27, 13, 0, n % 60)).toISOString();
  return {
    evento: 'contato.criado',
    criado_em,
    contato: {
      id: n,
      nome: `Pessoa ${n} Araújo`,
      email,
      telefone: '+55 11 91234-5678',
      perfil: 'clinica',
      profissionais: 8,
      especialidade: 'Dermatologia',
      mensagem: 'Quero ver a agenda e o prontuário — “com acentos”.',
      aceita_conteudo: n % 2 === 0,
      origem: { pagina: '/noticias/prontuario-eletronico-lgpd', artigo: 123, utm: { source: 'google', campaign: 'demo' } },
      criado_em,
    },
  };
}
