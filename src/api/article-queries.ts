import type { RequestHandler } from 'express';
import type { ArticleRepository } from '../db/repository.js';
import { ApiError } from './api-error.js';
import { articleIdSchema, pageRequestSchema } from './article-schemas.js';
import { commandOf } from './command.js';
import { sendOk } from './envelope.js';
import { MESSAGES } from './messages.js';
import { validate } from './validate.js';
import { isPublic } from '../db/article-workflow.js';
import { publicArticle } from '../workflow/public-article.js';

/** GET /artigos/next-id: a preview only; create() assigns the real id. */
export function nextIdHandler(repo: ArticleRepository): RequestHandler {
  return async (_req, res) => {
    sendOk(res, commandOf(res), await repo.nextId());
  };
}

/** GET /artigos/:id */
export function getArticleHandler(repo: ArticleRepository): RequestHandler {
  return async (req, res) => {
    const id = validate(articleIdSchema, req.params.id);
    const article = await repo.get(id);
    if (!article || !isPublic(article, new Date().toISOString())) throw new ApiError(404, MESSAGES.articleNotFound);
    sendOk(res, commandOf(res), publicArticle(article));
  };
}

/** POST /artigos/ultimas-noticias: value is the page's list (spec section 7); the total goes in a header. */
export function latestArticlesHandler(repo: ArticleRepository): RequestHandler {
  return async (req, res) => {
    const { pageIndex, pageSize } = validate(pageRequestSchema, req.body);
    const page = await repo.latest(pageIndex, pageSize);
    res.setHeader('X-Total-Count', String(page.total));
    sendOk(res, commandOf(res), page.items.map(publicArticle));
  };
}
