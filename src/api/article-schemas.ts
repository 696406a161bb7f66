import { z } from 'zod';
import { hasControlCharacters, isUrlSafeText } from '../lib/plain-text.js';
import { slugify } from '../lib/slug.js';
import { declaredImageName, isSafeRequestedName } from './image-file-name.js';
import { topicListSchema } from './topic-schemas.js';
import { LIMITS, MESSAGES } from '../lib/messages.js';

/** Request shapes of the articles API. Each problem yields exactly one message from MESSAGES. */

const MAX_ID = 2_147_483_647;

interface TextMessages {
  missing: string;
  notText: string;
  tooLong: string;
  control: string;
}

/**
 * Text fields hold text, not HTML: "PA < 120/80" is an honest title on a medical site, and every
 * output (React, JSON-LD, RSS, meta tags) escapes it. Only what no honest text contains is refused:
 * control characters and bidirectional overrides, which hide or reorder what a reader sees.
 */
const isPrintableText = (value: string) => !hasControlCharacters(value);

const requiredText = (messages: TextMessages, max: number) =>
  z
    .string({ error: (issue) => (issue.input == null ? messages.missing : messages.notText) })
    .trim()
    .min(1, { error: messages.missing })
    .max(max, { error: messages.tooLong })
    .refine(isPrintableText, { error: messages.control });

const dimension = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(LIMITS.imageDimension, { error: message });

const imageSchema = z.object(
  {
    nome: requiredText(
      {
        missing: MESSAGES.imageNameMissing,
        notText: MESSAGES.imageNameNotText,
        tooLong: MESSAGES.imageNameTooLong,
        control: MESSAGES.fileNameUnsafe,
      },
      LIMITS.imagemNome,
    )
      .refine(isSafeRequestedName, { error: MESSAGES.fileNameUnsafe })
      .transform((nome) => declaredImageName(nome) ?? '')
      .refine((nome) => nome !== '', { error: MESSAGES.imageNameExtension }),
    caption: requiredText(
      {
        missing: MESSAGES.imageCaptionMissing,
        notText: MESSAGES.imageCaptionNotText,
        tooLong: MESSAGES.imageCaptionTooLong,
        control: MESSAGES.imageCaptionControl,
      },
      LIMITS.imagemCaption,
    ),
    // Optional: empty or absent, the caption serves as the alternative text.
    alt: z
      .string({ error: MESSAGES.imageAltNotText })
      .trim()
      .max(LIMITS.imagemAlt, { error: MESSAGES.imageAltTooLong })
      .refine(isPrintableText, { error: MESSAGES.imageAltControl })
      .optional()
      .transform((alt) => alt || undefined),
    width: dimension(MESSAGES.imageWidthInvalid),
    height: dimension(MESSAGES.imageHeightInvalid),
  },
  { error: MESSAGES.imageNotObject },
);

export const newArticleSchema = z.object({
  titulo: requiredText(
    { missing: MESSAGES.titleMissing, notText: MESSAGES.titleNotText, tooLong: MESSAGES.titleTooLong, control: MESSAGES.titleControl },
    LIMITS.titulo,
  ),
  titulo_url: z
    .string({ error: (issue) => (issue.input == null ? MESSAGES.slugMissing : MESSAGES.slugNotText) })
    .refine(isUrlSafeText, { error: MESSAGES.slugControl })
    .transform(slugify)
    .pipe(
      z.string().min(1, { error: MESSAGES.slugWithoutLetters }).max(LIMITS.titulo_url, { error: MESSAGES.slugTooLong }),
    ),
  descricao: requiredText(
    {
      missing: MESSAGES.descriptionMissing,
      notText: MESSAGES.descriptionNotText,
      tooLong: MESSAGES.descriptionTooLong,
      control: MESSAGES.descriptionControl,
    },
    LIMITS.descricao,
  ),
  keywords: z
    .string({ error: MESSAGES.keywordsNotText })
    .trim()
    .max(LIMITS.keywords, { error: MESSAGES.keywordsTooLong })
    .refine(isPrintableText, { error: MESSAGES.keywordsControl })
    .nullish()
    .transform((keywords) => keywords ?? ''),
  conteudo: z
    .string({ error: (issue) => (issue.input == null ? MESSAGES.contentMissing : MESSAGES.contentNotText) })
    .max(LIMITS.conteudo, { error: MESSAGES.contentTooLong })
    .refine((conteudo) => conteudo.trim() !== '', { error: MESSAGES.contentMissing }),
  imagem: imageSchema.nullish().transform((imagem) => imagem ?? undefined),
  temas: topicListSchema(1),
});

export type NewArticleRequest = z.infer<typeof newArticleSchema>;

export const articleIdSchema = z
  .string({ error: MESSAGES.idMissing })
  .trim()
  .min(1, { error: MESSAGES.idMissing })
  .regex(/^[1-9]\d{0,9}$/, { error: MESSAGES.idInvalid })
  .transform(Number)
  .refine((id) => id <= MAX_ID, { error: MESSAGES.idInvalid });

export const pageRequestSchema = z.object({
  pageIndex: z
    .number({ error: MESSAGES.pageIndexInvalid })
    .int({ error: MESSAGES.pageIndexInvalid })
    .min(1, { error: MESSAGES.pageIndexInvalid })
    .max(1_000_000, { error: MESSAGES.pageIndexInvalid })
    .default(1),
  pageSize: z
    .number({ error: MESSAGES.pageSizeInvalid })
    .int({ error: MESSAGES.pageSizeInvalid })
    .min(1, { error: MESSAGES.pageSizeInvalid })
    .max(LIMITS.pageSize, { error: MESSAGES.pageSizeInvalid })
    .default(12),
});

/** POST /artigos/busca: what the reader typed, and the page. */
export const searchRequestSchema = pageRequestSchema.extend({
  q: z.string({ error: MESSAGES.queryInvalid }).trim().max(LIMITS.busca, { error: MESSAGES.queryInvalid }),
});
