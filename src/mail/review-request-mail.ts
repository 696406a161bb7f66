import type { SiteConfig } from '../config.js';
import { composeMail } from './compose-mail.js';
import type { Mail } from './mailer.js';

/** A clinical draft sent for medical review (issue 34), to one revisor. */
export function reviewRequestMail(site: Pick<SiteConfig, 'productName'>, request: { nome: string; email: string; titulo: string; por: string; url: string }): Mail {
  return composeMail(request.email, {
    subject: `Revisão médica pedida: “${request.titulo}”`,
    before: [`Olá, ${request.nome}.`, `${request.por} enviou o artigo clínico “${request.titulo}” para revisão médica. Ele só vai ao ar depois que um revisor com CRM aprovar.`],
    link: { label: 'Abrir o artigo no editor', url: request.url },
    after: ['Quem escreveu ou salvou uma versão do artigo não pode aprovar a revisão.'],
    signature: `Equipe ${site.productName}`,
  });
}
