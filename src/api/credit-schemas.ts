import { z } from 'zod';
import { hasControlCharacters, isUrlSafeText } from '../lib/plain-text.js';
import { REVIEW_MESSAGES } from '../workflow/review-messages.js';
import { versaoSchema } from './workflow-schemas.js';

/** Request shapes of an article's authors, clinical flag, references and relevance (issue 18). */

const MAX_ID = 2_147_483_647;
const personId = z
  .number({ error: REVIEW_MESSAGES.authorsInvalid })
  .int({ error: REVIEW_MESSAGES.authorsInvalid })
  .min(1, { error: REVIEW_MESSAGES.authorsInvalid })
  .max(MAX_ID, { error: REVIEW_MESSAGES.authorsInvalid });

const isWebAddress = (value: string) => {
  if (!URL.canParse(value) || !isUrlSafeText(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
};

export const referenceSchema = z.object(
  {
    texto: z
      .string({ error: REVIEW_MESSAGES.referenceTextInvalid })
      .trim()
      .min(1, { error: REVIEW_MESSAGES.referenceTextInvalid })
      .max(500, { error: REVIEW_MESSAGES.referenceTextInvalid })
      .refine((text) => !hasControlCharacters(text), { error: REVIEW_MESSAGES.referenceTextInvalid }),
    url: z
      .string({ error: REVIEW_MESSAGES.referenceUrlInvalid })
      .trim()
      .max(2_000, { error: REVIEW_MESSAGES.referenceUrlInvalid })
      .refine((url) => url === '' || isWebAddress(url), { error: REVIEW_MESSAGES.referenceUrlInvalid })
      .nullish()
      .transform((url) => url || undefined),
  },
  { error: REVIEW_MESSAGES.referencesInvalid },
);

/** Absent fields stay as they are (a new article: the creator, not clinical, no references). */
export const creditsSchema = z.object({
  autores: z
    .array(personId, { error: REVIEW_MESSAGES.authorsInvalid })
    .min(1, { error: REVIEW_MESSAGES.authorsInvalid })
    .max(10, { error: REVIEW_MESSAGES.authorsInvalid })
    .refine((ids) => new Set(ids).size === ids.length, { error: REVIEW_MESSAGES.authorsInvalid })
    .optional(),
  clinico: z.boolean({ error: REVIEW_MESSAGES.clinicalInvalid }).optional(),
  referencias: z.array(referenceSchema, { error: REVIEW_MESSAGES.referencesInvalid }).max(50, { error: REVIEW_MESSAGES.referencesInvalid }).optional(),
});

/** An edit of a published article is a relevant update unless it says otherwise. */
export const relevanceSchema = z.object({
  atualizacao_relevante: z.boolean({ error: REVIEW_MESSAGES.relevantInvalid }).default(true),
});

/** Approving may carry the version the reviewer read, to refuse approving text they have not seen. */
export const approvalRequestSchema = z.object({ versao: versaoSchema.optional() });
