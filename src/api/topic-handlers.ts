import type { RequestHandler } from 'express';
import { type Repository } from '../db/repository.js';
import { TopicNameTakenError } from '../db/topic-store.js';
import { ApiError } from '../lib/api-error.js';
import { TOPIC_MESSAGES } from '../lib/topics.js';
import { recordAudit } from '../workflow/audit-trail.js';
import type { EditorAuth } from '../workflow/editor-auth.js';
import { assertMay } from '../workflow/permissions.js';
import { commandOf } from './command.js';
import { sendOk } from './envelope.js';
import { topicRenameSchema, topicSlugSchema } from './topic-schemas.js';
import { validate } from './validate.js';

/**
 * GET /temas → [{ nome, slug, total }] by name, `total` counting public articles. Anyone sees the
 * topics with a public article; an editor also sees those only drafts have, to pick them in the form.
 */
export function listTopicsHandler(repo: Repository, auth: EditorAuth): RequestHandler {
  return async (req, res) => {
    const editor = await auth.identify(req, res);
    const topics = await repo.topics.list(!editor);
    sendOk(res, commandOf(res), topics.map(({ nome, slug, total }) => ({ nome, slug, total })));
  };
}

/** PATCH /temas/:slug { nome }: a new name and slug; the old address redirects to the new one. */
export function renameTopicHandler(repo: Repository, auth: EditorAuth): RequestHandler {
  return async (req, res) => {
    const editor = await auth.authorize(req, res);
    // A topic is shared by everyone's articles: renaming it takes the right to publish anyone's.
    assertMay(editor, 'publicar', { id_criador: null });
    const { nome } = validate(topicRenameSchema, req.body);
    const found = await repo.topics.find(validate(topicSlugSchema, req.params.slug));
    if (!found || !('topic' in found)) throw new ApiError(404, TOPIC_MESSAGES.notFound);
    try {
      const renamed = await repo.topics.rename(found.topic.id, nome);
      if (!renamed) throw new ApiError(404, TOPIC_MESSAGES.notFound);
      await recordAudit(repo.audit, req, editor, 'renomeou-tema', { detalhes: { de: found.topic.slug, para: renamed.slug } });
      sendOk(res, commandOf(res), { nome: renamed.nome, slug: renamed.slug });
    } catch (error) {
      if (error instanceof TopicNameTakenError) throw new ApiError(409, TOPIC_MESSAGES.taken);
      throw error;
    }
  };
}
