import type { SiteConfig } from '../config.js';
import { formatDayPtBr } from '../content/format-day.js';
import { composeMail } from './compose-mail.js';
import type { Mail } from './mailer.js';

export interface ReminderItem {
  titulo: string;
  proxima_revisao: string;
  vencida: boolean;
}

/** The daily reminder to a revisor: every review overdue or due soon, in one message (issue 33). */
export function reviewReminderMail(
  site: Pick<SiteConfig, 'productName'>,
  reminder: { nome: string; email: string; items: ReminderItem[]; days: number; url: string },
): Mail {
  const overdue = reminder.items.filter((item) => item.vencida).length;
  return composeMail(reminder.email, {
    subject: `Revisões médicas: ${overdue} vencida(s), ${reminder.items.length - overdue} a vencer em ${reminder.days} dias`,
    before: [
      `Olá, ${reminder.nome}.`,
      `Estes artigos clínicos do site do ${site.productName} estão com a revisão médica vencida ou vencem nos próximos ${reminder.days} dias:`,
      ...reminder.items.map((item) => `• ${item.titulo}: ${item.vencida ? 'vencida em' : 'vence em'} ${formatDayPtBr(item.proxima_revisao)}`),
    ],
    link: { label: 'Abrir a fila de revisões', url: reminder.url },
    after: ['Você recebe esta mensagem uma vez por dia enquanto houver revisões vencidas ou a vencer.'],
    signature: `Equipe ${site.productName}`,
  });
}
