import type { z } from 'zod';
import { TopicNameTakenError } from '../db/topic-store.js';
import { ApiError } from '../lib/api-error.js';
import { TOPIC_MESSAGES } from '../lib/topics.js';
import { recordAudit } from '../workflow/audit-trail.js';
import type { EditorContext, ReaderContext } from './api-context.js';
import type { topicRenameSchema } from './topic-schemas.js';

/**
 * GET /temas → [{ nome, slug, total }] by name, `total` counting public articles. Anyone sees the
 * topics with a public article; an editor also sees those only drafts have, to pick them in the form.
 */
export async function listTopics(_input: unknown, { repo, editor }: ReaderContext) {
  const topics = await repo.topics.list(!editor);
  return topics.map(({ nome, slug, total }) => ({ nome, slug, total }));
}

/**
 * PATCH /temas/:slug { nome }: a new name and slug; the old address redirects to the new one. A topic is
 * shared by everyone's articles: renaming it takes the right to publish anyone's (the table's `may`).
 */
export async function renameTopic(
  { params, body: { nome } }: { params: { slug: string }; body: z.output<typeof topicRenameSchema> },
  { repo, editor, req }: EditorContext,
) {
  const found = await repo.topics.find(params.slug);
  if (!found || !('topic' in found)) throw new ApiError(404, TOPIC_MESSAGES.notFound);
  try {
    const renamed = await repo.topics.rename(found.topic.id, nome);
    if (!renamed) throw new ApiError(404, TOPIC_MESSAGES.notFound);
    await recordAudit(repo.audit, req, editor, 'renomeou-tema', { detalhes: { de: found.topic.slug, para: renamed.slug } });
    return { nome: renamed.nome, slug: renamed.slug };
  } catch (error) {
    if (error instanceof TopicNameTakenError) throw new ApiError(409, TOPIC_MESSAGES.taken);
    throw error;
  }
}
