import type { z } from 'zod';
import { absoluteUrl } from '../lib/absolute-url.js';
import { PATHS } from '../routes/paths.js';
import { recordAudit } from '../workflow/audit-trail.js';
import { readableScope } from '../workflow/permissions.js';
import { enqueueReviewReminders } from '../workflow/review-reminder.js';
import { queueDays } from '../workflow/review-schedule.js';
import type { EditorContext } from './api-context.js';
import type { reviewQueueQuerySchema } from './review-schemas.js';

/** GET /revisoes?situacao=vencida|a-vencer|pendente: one list of the queue, with the count of each (what the reader may read). */
export async function reviewQueue({ query }: { query: z.output<typeof reviewQueueQuerySchema> }, { repo, editor }: EditorContext) {
  const days = queueDays(new Date());
  const scope = readableScope(editor);
  const [list, contagem] = await Promise.all([
    repo.reviewQueue.queue({ ...days, ...scope, situacao: query.situacao, ordem: query.ordem, desc: query.sentido === 'desc', limit: query.limite }),
    repo.reviewQueue.counts(days, scope),
  ]);
  return {
    situacao: query.situacao,
    total: list.total,
    itens: list.items.map(({ titulo_url: _url, ...item }) => item),
    contagem,
  };
}

/** POST /revisoes/lembrete (administrators): today's reminder now; once a day, however often asked. */
export async function sendReminderNow(_input: unknown, { repo, config, editor, req }: EditorContext) {
  const result = await enqueueReviewReminders(repo, config.site, absoluteUrl(config.site, PATHS.reviewQueue), new Date());
  if (result.enviados > 0) await recordAudit(repo.audit, req, editor, 'enviou-lembrete-revisoes', { detalhes: result });
  return result;
}
