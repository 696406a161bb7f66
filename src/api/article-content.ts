import type { ArticleContent } from '../db/repository.js';
import { findDangerousHtml } from '../lib/dangerous-html.js';
import { sanitizeArticleHtml } from '../lib/sanitize-article-html.js';
import { hasContent } from '../workflow/article-saves.js';
import { ApiError } from '../lib/api-error.js';
import { newArticleSchema } from './article-schemas.js';
import { MESSAGES } from '../lib/messages.js';
import { validate } from './validate.js';
import { draftArticleSchema } from './workflow-schemas.js';

function cleanHtml(html: string, required: boolean): string {
  if (!required && html.trim() === '') return '';
  if (findDangerousHtml(html).length > 0) throw new ApiError(400, MESSAGES.contentDangerous);
  const clean = sanitizeArticleHtml(html);
  if (required && !hasContent(clean)) throw new ApiError(400, MESSAGES.contentEmptyAfterSanitizing);
  return clean;
}

/**
 * The article fields of a save, validated and sanitised. An article that will be public must be
 * complete (the spec's rules); a draft needs only its title.
 */
export function readArticleContent(body: unknown, complete: boolean): ArticleContent {
  const article = validate(complete ? newArticleSchema : draftArticleSchema, body);
  return { ...article, conteudo: cleanHtml(article.conteudo, complete), imagem: article.imagem ?? null };
}
