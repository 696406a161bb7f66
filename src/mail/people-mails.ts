import type { SiteConfig } from '../config.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { ROLE_LABELS, type Role } from '../people/roles.js';
import { composeMail } from './compose-mail.js';
import type { Mail } from './mailer.js';

const signature = (site: Pick<SiteConfig, 'productName'>) => `Equipe ${site.productName}`;

/** The invitation to the editors' area: who invited, with which role, the link, and how long it works. */
export function invitationMail(
  site: Pick<SiteConfig, 'productName'>,
  invitation: { nome: string; email: string; papel: Role; convidadoPor: string; url: string },
): Mail {
  return composeMail(invitation.email, {
    subject: `Convite para a área dos editores do ${site.productName}`,
    before: [
      `Olá, ${invitation.nome}.`,
      `${invitation.convidadoPor} convidou você para a área dos editores do site do ${site.productName}, com o papel de ${ROLE_LABELS[invitation.papel]}.`,
      'Para aceitar, abra o link abaixo e escolha a sua senha.',
      // A revisor without a CRM on the profile is refused at the first approval: say so before that.
      ...(invitation.papel === 'revisor' ? [PEOPLE_MESSAGES.reviewerNeedsCrm] : []),
    ],
    link: { label: 'Aceitar o convite', url: invitation.url },
    after: [
      'O link vale 7 dias e funciona uma vez só. Depois de escolher a senha, você pode cadastrar uma chave de acesso (passkey) para entrar sem senha.',
      'Se você não esperava este convite, ignore esta mensagem.',
    ],
    signature: signature(site),
  });
}

/** "Esqueci a senha": the one-time link to choose a new password. */
export function passwordResetMail(site: Pick<SiteConfig, 'productName'>, reset: { nome: string; email: string; url: string }): Mail {
  return composeMail(reset.email, {
    subject: `Redefinição de senha no ${site.productName}`,
    before: [
      `Olá, ${reset.nome}.`,
      `Recebemos um pedido para redefinir a senha da sua conta na área dos editores do site do ${site.productName}.`,
      'Para escolher uma nova senha, abra o link abaixo.',
    ],
    link: { label: 'Escolher uma nova senha', url: reset.url },
    after: [
      'O link vale 1 hora e funciona uma vez só. Ao usá-lo, as outras sessões abertas da sua conta são encerradas.',
      'Se não foi você que pediu, ignore esta mensagem: a sua senha continua a mesma.',
    ],
    signature: signature(site),
  });
}
