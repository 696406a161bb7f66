import { z } from 'zod';
import { hasControlCharacters, isUrlSafeText } from '../lib/plain-text.js';
import { REVIEW_MESSAGES } from '../workflow/review-messages.js';
import { REVIEW_MONTHS } from '../workflow/review-schedule.js';
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

/**
 * Approving may carry the version the reviewer read, to refuse approving text they have not seen, and
 * how many months the review holds (absent: REVIEW_INTERVAL_MONTHS).
 */
export const approvalRequestSchema = z.object({
  versao: versaoSchema.optional(),
  meses: z
    .number({ error: REVIEW_MESSAGES.monthsInvalid })
    .int({ error: REVIEW_MESSAGES.monthsInvalid })
    .min(REVIEW_MONTHS.min, { error: REVIEW_MESSAGES.monthsInvalid })
    .max(REVIEW_MONTHS.max, { error: REVIEW_MESSAGES.monthsInvalid })
    .optional(),
});

/** A calendar day that exists: 2027-02-30 is refused, not rolled over. */
function isCalendarDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
}

/** An administrator's due date for the next review: any day, or null for none. */
export const dueDateRequestSchema = z.object({
  proxima_revisao: z.string({ error: REVIEW_MESSAGES.dueDateInvalid }).refine(isCalendarDay, { error: REVIEW_MESSAGES.dueDateInvalid }).nullable(),
});
