import type { Request } from 'express';
import type { Repository } from '../db/storage.js';
import { ApiError } from '../lib/api-error.js';
import { MESSAGES } from '../lib/messages.js';
import { recordAudit } from './audit-trail.js';
import { CALENDAR_MESSAGES } from './calendar.js';
import type { Editor } from './editor-auth.js';
import { assertMay, mayRead } from './permissions.js';

/**
 * Plans an article: the day it is planned for and the person it falls to (null: its creator). Who may
 * edit the article may plan it; the assignee must be an active person. The one rule for the API and the
 * calendar page (whose drag and date field move only the day). Audited.
 */
export async function planArticle(
  { repo, req }: { repo: Repository; req: Request },
  editor: Editor,
  id: number,
  change: { previsto_para?: string | null | undefined; responsavel?: number | null | undefined },
) {
  const article = await repo.articles.get(id);
  if (!article || !mayRead({ role: editor.role, personId: editor.personId }, article)) throw new ApiError(404, MESSAGES.articleNotFound);
  assertMay(editor, 'editar', article);
  if (change.responsavel != null) {
    const person = await repo.people.get(change.responsavel);
    if (!person || !person.ativo) throw new ApiError(400, CALENDAR_MESSAGES.assigneeUnknown);
  }
  await repo.calendar.plan(id, {
    ...(change.previsto_para !== undefined ? { previsto_para: change.previsto_para } : {}),
    ...(change.responsavel !== undefined ? { id_responsavel: change.responsavel } : {}),
  });
  const plan = (await repo.calendar.planOf(id))!;
  await recordAudit(repo.audit, req, editor, 'planejou', { id_artigo: id, detalhes: { previsto_para: plan.previsto_para, responsavel: plan.id_responsavel } });
  return { previsto_para: plan.previsto_para, responsavel: plan.id_responsavel ?? plan.id_criador };
}
