import type { SiteConfig } from '../config.js';
import type { ReviewQueueItem } from '../db/review-queue-store.js';
import type { Repository } from '../db/storage.js';
import type { Logger } from '../logger.js';
import { startPeriodicTask, type PeriodicTask } from '../lib/periodic-task.js';
import { reviewReminderMail } from '../mail/review-mails.js';
import { addDays, isOverdue, REMINDER_DAYS, saoPauloDay, saoPauloHour } from './review-schedule.js';

/** More than any team reviews in a day: the message links to the whole queue. */
const REMINDER_ITEMS = 100;
/** How often an instance looks whether the reminder's hour has come: the first look past it sends. */
export const REMINDER_CHECK_MS = 60_000;

/** One delivery per revisor per São Paulo day, whichever instance (or request) enqueues it first. */
export const reminderKey = (day: string, id_pessoa: number) => `lembrete-revisao:${day}:${id_pessoa}`;

/**
 * Enqueues today's reminder for each active revisor: one message listing the reviews overdue or due
 * within REMINDER_DAYS and a link to `queueUrl`, nothing when there are none. The outbox's idempotency key makes a second run
 * the same day (another instance, the administrators' button) add nothing. Answers how many messages
 * it enqueued now.
 */
export async function enqueueReviewReminders(repo: Repository, site: SiteConfig, queueUrl: string, now: Date): Promise<{ dia: string; itens: number; enviados: number }> {
  const hoje = saoPauloDay(now);
  const days = { hoje, ate: addDays(hoje, REMINDER_DAYS), ordem: 'data' as const, desc: false, limit: REMINDER_ITEMS };
  const lists = await Promise.all([repo.reviewQueue.queue({ ...days, situacao: 'vencida' }), repo.reviewQueue.queue({ ...days, situacao: 'a-vencer' })]);
  const items = lists.flatMap((list) => list.items).filter((item): item is ReviewQueueItem & { proxima_revisao: string } => item.proxima_revisao !== null);
  if (items.length === 0) return { dia: hoje, itens: 0, enviados: 0 };
  const revisores = (await repo.people.list()).filter((person) => person.ativo && person.papel === 'revisor');
  let enviados = 0;
  for (const person of revisores) {
    const mail = reviewReminderMail(site, {
      nome: person.nome,
      email: person.email,
      days: REMINDER_DAYS,
      url: queueUrl,
      items: items.map((item) => ({ titulo: item.titulo, proxima_revisao: item.proxima_revisao, vencida: isOverdue(item.proxima_revisao, hoje) })),
    });
    const { created } = await repo.outbox.enqueue({ kind: 'email', payload: mail, idempotencyKey: reminderKey(hoje, person.id), reference: `lembrete-revisao:${hoje}` }, now.toISOString());
    if (created) enviados += 1;
  }
  return { dia: hoje, itens: items.length, enviados };
}

/**
 * Every instance looks each `intervalMs`; once São Paulo's clock passes `hour`, the day's reminder is
 * enqueued (the outbox's keys make it once across instances), and this instance looks again tomorrow.
 */
export function startReviewReminder(
  repo: Repository,
  site: SiteConfig,
  logger: Logger,
  options: { hour: number; queueUrl: string; intervalMs?: number; now?: () => Date },
): PeriodicTask {
  const now = options.now ?? (() => new Date());
  let doneFor: string | undefined;
  return startPeriodicTask(
    options.intervalMs ?? REMINDER_CHECK_MS,
    async () => {
      const instant = now();
      const today = saoPauloDay(instant);
      if (doneFor === today || saoPauloHour(instant) < options.hour) return;
      const result = await enqueueReviewReminders(repo, site, options.queueUrl, instant);
      doneFor = today;
      if (result.enviados > 0) logger.info(result, 'lembrete de revisões médicas enfileirado');
    },
    (error) => logger.warn({ err: error }, 'lembrete de revisões médicas falhou; nova tentativa no próximo ciclo'),
  );
}
