import type { ArticleContent } from '../db/repository.js';
import { findDangerousHtml } from '../lib/dangerous-html.js';
import { sanitizeArticleHtml } from '../lib/sanitize-article-html.js';
import { WORKFLOW_MESSAGES } from '../workflow/messages.js';
import { ApiError } from './api-error.js';
import { newArticleSchema } from './article-schemas.js';
import { MESSAGES } from './messages.js';
import { validate } from './validate.js';
import { draftArticleSchema } from './workflow-schemas.js';

/** Text or an image/rule left after sanitising: sanitize-html escapes `<` in text, so tags are real tags. */
export function hasContent(html: string): boolean {
  if (/<(?:img|hr)\b/.test(html)) return true;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '';
}

function cleanHtml(html: string, required: boolean): string {
  if (!required && html.trim() === '') return '';
  if (findDangerousHtml(html).length > 0) throw new ApiError(400, MESSAGES.conteudoDangerous);
  const clean = sanitizeArticleHtml(html);
  if (required && !hasContent(clean)) throw new ApiError(400, MESSAGES.conteudoEmptyAfterSanitizing);
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

/** Refuses to make public an article saved incomplete as a draft. */
export function assertPublishable(article: Pick<ArticleContent, 'titulo' | 'titulo_url' | 'descricao' | 'conteudo'>): void {
  const complete = [article.titulo, article.titulo_url, article.descricao].every((field) => field.trim() !== '');
  if (!complete || !hasContent(article.conteudo)) throw new ApiError(400, WORKFLOW_MESSAGES.incompleteForPublishing);
}
