import type { SiteConfig } from '../config.js';
import { composeMail } from './compose-mail.js';
import type { Mail } from './mailer.js';

/** A clinical article's review approved (issue 34), to one of its authors. */
export function reviewApprovedMail(
  site: Pick<SiteConfig, 'productName'>,
  approval: { nome: string; email: string; titulo: string; revisor: string; versao: number; live: boolean; url: string },
): Mail {
  return composeMail(approval.email, {
    subject: `Revisão médica aprovada: “${approval.titulo}”`,
    before: [
      `Olá, ${approval.nome}.`,
      `${approval.revisor} aprovou a revisão médica da versão ${approval.versao} do artigo “${approval.titulo}”.`,
    ],
    after: [approval.live ? 'Essa versão já está no ar para os leitores.' : 'O artigo já pode ser publicado.'],
    link: { label: 'Abrir o artigo no editor', url: approval.url },
    signature: `Equipe ${site.productName}`,
  });
}
