import type { ArticleContent } from '../db/repository.js';
import type { Repository } from '../db/storage.js';
import { ApiError } from '../lib/api-error.js';
import { REVIEW_MESSAGES } from '../workflow/review-messages.js';
import { creditsSchema } from './credit-schemas.js';
import { validate } from './validate.js';

/** The authors, clinical flag and references a save sends, validated; each author must be an active person. */
export async function readCredits(people: Repository['people'], body: unknown): Promise<Pick<ArticleContent, 'autores' | 'clinico' | 'referencias'>> {
  const { autores, clinico, referencias } = validate(creditsSchema, body);
  for (const id of autores ?? []) {
    const person = await people.get(id);
    if (!person?.ativo) throw new ApiError(400, REVIEW_MESSAGES.authorUnknown(id));
  }
  return { ...(autores ? { autores } : {}), ...(clinico !== undefined ? { clinico } : {}), ...(referencias ? { referencias } : {}) };
}
