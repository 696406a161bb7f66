import type { RequestHandler } from 'express';
import type { ArticleRepository } from '../db/repository.js';
import type { Logger } from '../logger.js';
import type { EditorAuth } from '../workflow/editor-auth.js';
import { findDangerousHtml } from '../lib/dangerous-html.js';
import { sanitizeArticleHtml } from '../lib/sanitize-article-html.js';
import { ApiError } from './api-error.js';
import { newArticleSchema } from './article-schemas.js';
import { commandOf } from './command.js';
import { sendOk } from './envelope.js';
import { MESSAGES } from './messages.js';
import { validate } from './validate.js';

/** Text or an image/rule left after sanitising: sanitize-html escapes `<` in text, so tags are real tags. */
function hasContent(html: string): boolean {
  if (/<(?:img|hr)\b/.test(html)) return true;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '';
}

/** POST /artigos/novo: authorise, validate, sanitise, store; answers the new id. */
export function createArticleHandler(
  repo: ArticleRepository,
  auth: EditorAuth,
  logger: Logger,
): RequestHandler {
  return async (req, res) => {
    const body = req.body as Record<string, unknown>;
    const editor = await auth.authorize(req, res);
    const article = validate(newArticleSchema, body);
    if (findDangerousHtml(article.conteudo).length > 0) throw new ApiError(400, MESSAGES.conteudoDangerous);
    const conteudo = sanitizeArticleHtml(article.conteudo);
    if (!hasContent(conteudo)) throw new ApiError(400, MESSAGES.conteudoEmptyAfterSanitizing);
    const id = await repo.create({ ...article, conteudo, autor: editor.author });
    logger.info({ id, autor: editor.author, titulo_url: article.titulo_url }, 'artigo criado');
    res.setHeader('Location', `${req.baseUrl}/artigos/${id}`);
    sendOk(res, commandOf(res), id);
  };
}
