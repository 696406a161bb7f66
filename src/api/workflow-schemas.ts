import { z } from 'zod';
import { ARTICLE_STATUSES } from '../db/repository.js';
import { REVIEW_FILTERS } from '../db/article-store.js';
import { hasControlCharacters } from '../lib/plain-text.js';
import { slugify } from '../lib/slug.js';
import { WORKFLOW_MESSAGES } from '../workflow/messages.js';
import { newArticleSchema, pageRequestSchema } from './article-schemas.js';
import { topicListSchema } from './topic-schemas.js';
import { LIMITS, MESSAGES } from '../lib/messages.js';

/** Request shapes of the editorial workflow endpoints; each problem yields one message. */

/** Stored in UTC whatever offset the editor's browser sent. */
export const publishAtSchema = z
  .iso.datetime({ offset: true, error: WORKFLOW_MESSAGES.publishAtInvalid })
  .transform((value) => new Date(value).toISOString());

/** The workflow fields `novo` and PUT accept besides the article's. */
export const saveWorkflowSchema = z.object({
  status: z.enum(['rascunho', 'publicado'], { error: WORKFLOW_MESSAGES.saveStatusInvalid }).optional(),
  publicar_em: publishAtSchema.nullish(),
});

const optionalText = (notText: string, tooLong: string, control: string, max: number) =>
  z
    .string({ error: notText })
    .trim()
    .max(max, { error: tooLong })
    .refine((value) => !hasControlCharacters(value), { error: control })
    .nullish()
    .transform((value) => value ?? '');

/**
 * A draft needs only its title: the rest may still be empty while the editor writes. The URL form
 * follows the title until the editor sets one.
 */
export const draftArticleSchema = newArticleSchema
  .extend({
    titulo_url: z
      .string({ error: MESSAGES.slugNotText })
      .nullish()
      .transform((value) => slugify(value ?? ''))
      .pipe(z.string().max(LIMITS.titulo_url, { error: MESSAGES.slugTooLong })),
    descricao: optionalText(MESSAGES.descriptionNotText, MESSAGES.descriptionTooLong, MESSAGES.descriptionControl, LIMITS.descricao),
    conteudo: z
      .string({ error: MESSAGES.contentNotText })
      .max(LIMITS.conteudo, { error: MESSAGES.contentTooLong })
      .nullish()
      .transform((value) => value ?? ''),
    temas: topicListSchema(0),
  })
  .transform((article) => ({ ...article, titulo_url: article.titulo_url || slugify(article.titulo).slice(0, LIMITS.titulo_url) }));

export const versaoSchema = z
  .number({ error: (issue) => (issue.input == null ? WORKFLOW_MESSAGES.versaoMissing : WORKFLOW_MESSAGES.versaoInvalid) })
  .int({ error: WORKFLOW_MESSAGES.versaoInvalid })
  .min(1, { error: WORKFLOW_MESSAGES.versaoInvalid })
  .max(2_147_483_647, { error: WORKFLOW_MESSAGES.versaoInvalid });

/** A path segment naming a version. */
export const versaoParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { error: WORKFLOW_MESSAGES.versaoInvalid })
  .transform(Number)
  .pipe(versaoSchema);

export const statusRequestSchema = z
  .object({
    status: z.enum(ARTICLE_STATUSES, { error: WORKFLOW_MESSAGES.statusInvalid }),
    publicar_em: publishAtSchema.nullish(),
    versao: versaoSchema.optional(),
  })
  .refine((request) => request.status !== 'agendado' || Boolean(request.publicar_em), {
    error: WORKFLOW_MESSAGES.publishAtMissing,
  });

/** Restoring may carry the version it was decided at, to refuse a restore over newer work. */
export const restoreRequestSchema = z.object({ versao: versaoSchema.optional() });

export const editorListRequestSchema = pageRequestSchema.extend({
  status: z.enum(ARTICLE_STATUSES, { error: WORKFLOW_MESSAGES.statusInvalid }).optional(),
  revisao: z.enum(REVIEW_FILTERS, { error: WORKFLOW_MESSAGES.reviewFilterInvalid }).optional(),
  busca: z
    .string({ error: WORKFLOW_MESSAGES.searchInvalid })
    .max(LIMITS.titulo, { error: WORKFLOW_MESSAGES.searchInvalid })
    .optional(),
});
