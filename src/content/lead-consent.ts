/**
 * The words the demonstration form shows about what is done with the data, stored with each lead as the
 * proof of what the person saw. Changing a text means a new version: the proofs already stored keep the
 * texts and version they were given.
 */
export const LEAD_CONSENT = {
  version: '2025-06-01',
  /** The contact rests on the request itself (LGPD art. 7 V): a notice, not a box to tick. */
  requestText:
    'Usaremos seu nome, e-mail e telefone apenas para responder a este pedido e agendar a demonstração. Você pode pedir a exclusão dos seus dados a qualquer momento.',
  /** A separate, unticked box: content by e-mail needs consent (LGPD art. 7 I). */
  marketingText: 'Quero receber conteúdos por e-mail (novos artigos e novidades). Posso cancelar quando quiser.',
} as const;
