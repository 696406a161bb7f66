/**
 * The words beside the newsletter form's button, and their version: stored with every sign-up as what
 * the person agreed to (LGPD art. 8). A change of the words is a new version.
 */
export const NEWSLETTER_CONSENT = {
  texto:
    'Enviamos os novos artigos no máximo uma vez por semana, só depois que você confirmar pelo e-mail. Cada mensagem traz um link para cancelar com um clique. Não rastreamos aberturas nem cliques.',
  versao: 'boletim-2026-11',
} as const;

/** What every sign-up is answered, whatever the address (new, pending, subscribed or unsubscribed). */
export const NEWSLETTER_SIGNUP_ANSWER = 'Se o endereço puder receber, enviamos um e-mail de confirmação.';
