import type { RequestHandler } from 'express';
import type { AppDeps } from '../app-deps.js';
import { sendNotFound } from '../http/not-found.js';
import { articleAnswer } from './article-answer.js';
import { parseArticleId } from './article-id.js';
import { sendGone } from './gone.js';
import type { PageCache } from './page-cache.js';
import { sendPage } from './http-cache.js';
import { decodedPath, redirectPermanently } from './serve-view.js';
import { sendServerError } from './server-error.js';

/**
 * GET /noticias/:id and /noticias/:id/:ano/:mes/:dia/:titulo. Only the id is read: any other spelling
 * of the date or the slug is redirected to the canonical URL, so old links keep working after an edit.
 */
export function articleHandler(deps: AppDeps, cache: PageCache): RequestHandler {
  return async (req, res) => {
    const id = parseArticleId(String(req.params.id));
    if (id === null) return sendNotFound(res, deps);
    const answer = await articleAnswer(deps, cache, id, req);
    switch (answer.kind) {
      case 'not-found':
        return sendNotFound(res, deps);
      case 'gone':
        return sendGone(res, deps);
      case 'error':
        return sendServerError(deps, req, res, answer.error, { storage: answer.storage });
      case 'page':
        if (decodedPath(req) !== answer.path) return redirectPermanently(deps, res, answer.path);
        return sendPage(req, res, answer.response);
    }
  };
}
