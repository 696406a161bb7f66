import type { z } from 'zod';
import { ApiError } from '../lib/api-error.js';
import { absoluteUrl } from '../lib/absolute-url.js';
import { MESSAGES } from '../lib/messages.js';
import { calendarFeedPath } from '../routes/paths.js';
import { recordAudit } from '../workflow/audit-trail.js';
import { mayRead } from '../workflow/permissions.js';
import { planArticle } from '../workflow/calendar-plans.js';
import { personFeedToken } from '../workflow/calendar.js';
import type { EditorContext, PersonContext } from './api-context.js';
import type { planRequestSchema } from './calendar-schemas.js';

/** PATCH /artigos/:id/previsao: the day a draft is planned for and who it falls to → { previsto_para, responsavel }. */
export function planHandler({ params: { id }, body }: { params: { id: number }; body: z.output<typeof planRequestSchema> }, { repo, editor, req }: EditorContext) {
  return planArticle({ repo, req }, editor, id, body);
}

/** GET /artigos/:id/previsao. */
export async function readPlanHandler({ params: { id } }: { params: { id: number } }, { repo, editor }: EditorContext) {
  const article = await repo.articles.get(id);
  const plan = article && mayRead({ role: editor.role, personId: editor.personId }, article) ? await repo.calendar.planOf(id) : null;
  if (!plan) throw new ApiError(404, MESSAGES.articleNotFound);
  return { previsto_para: plan.previsto_para, responsavel: plan.id_responsavel ?? plan.id_criador };
}

/** GET /pessoas/eu/calendario → { url }: the same URL until it is revoked. */
export async function calendarFeedUrlHandler(_input: unknown, { repo, person, config }: PersonContext) {
  return { url: absoluteUrl(config.site, calendarFeedPath(await personFeedToken(repo, person.id, new Date()))) };
}

/** DELETE /pessoas/eu/calendario: the feed's URL stops working at once (404); the next GET gives a new one. */
export async function revokeCalendarFeedHandler(_input: unknown, { repo, person, editor, req }: PersonContext) {
  await repo.calendar.revokeFeed(person.id);
  await recordAudit(repo.audit, req, editor, 'revogou-calendario');
  return { revogado: true };
}
