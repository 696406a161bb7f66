import { z } from 'zod';
import { hasControlCharacters } from '../lib/plain-text.js';
import { slugify } from '../lib/slug.js';
import { distinctTopicNames, TOPIC_LIMITS, TOPIC_MESSAGES } from '../lib/topics.js';

export const topicNameSchema = z
  .string({ error: (issue) => (issue.input == null ? TOPIC_MESSAGES.nameMissing : TOPIC_MESSAGES.nameNotText) })
  .trim()
  .min(1, { error: TOPIC_MESSAGES.nameMissing })
  .max(TOPIC_LIMITS.name, { error: TOPIC_MESSAGES.nameTooLong })
  .refine((name) => !hasControlCharacters(name), { error: TOPIC_MESSAGES.nameControl })
  .refine((name) => slugify(name) !== '', { error: TOPIC_MESSAGES.nameWithoutLetters });

/**
 * An article's `temas`: absent leaves them as they are. A public article has one to five; a draft may
 * have none yet. Names of the same slug count once.
 */
export const topicListSchema = (least: 0 | 1) =>
  z
    .array(topicNameSchema, { error: TOPIC_MESSAGES.notList })
    .transform(distinctTopicNames)
    .pipe(
      z
        .array(z.string())
        .min(least, { error: TOPIC_MESSAGES.none })
        .max(TOPIC_LIMITS.perArticle, { error: TOPIC_MESSAGES.tooMany }),
    )
    .optional();

/** PATCH /temas/:slug. */
export const topicRenameSchema = z.object({ nome: topicNameSchema }, { error: TOPIC_MESSAGES.nameMissing });

export const topicSlugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: TOPIC_MESSAGES.notFound }).max(200, { error: TOPIC_MESSAGES.notFound });

export const topicCountSchema = z.object({ nome: z.string(), slug: z.string(), total: z.int().min(0) }).meta({ title: 'Tema' });
