import { z } from 'zod';
import { hasControlCharacters } from '../lib/plain-text.js';
import { QUEUE_ORDERS, QUEUE_SITUATIONS } from '../db/review-queue-store.js';
import { ARTICLE_STATUSES } from '../db/repository.js';
import { REVIEW_MESSAGES } from '../workflow/review-messages.js';

/** Shapes of the review queue, the reminder and corrections (issue 33). */

export const reviewQueueQuerySchema = z.object({
  situacao: z.enum(QUEUE_SITUATIONS, { error: REVIEW_MESSAGES.queueSituationInvalid }),
  ordem: z.enum(QUEUE_ORDERS).default('data'),
  sentido: z.enum(['asc', 'desc']).default('asc'),
  limite: z.coerce.number().int().min(1).max(200).default(50),
});

const day = z.string().meta({ description: 'Dia AAAA-MM-DD (horário de São Paulo).' });

export const reviewQueueSchema = z
  .object({
    situacao: z.enum(QUEUE_SITUATIONS),
    total: z.int(),
    itens: z.array(
      z.object({
        id: z.int(),
        titulo: z.string(),
        status: z.enum(ARTICLE_STATUSES),
        clinico: z.boolean(),
        proxima_revisao: day.nullable(),
        data_atualizacao: z.iso.datetime(),
      }),
    ),
    contagem: z.object({ vencida: z.int(), 'a-vencer': z.int(), pendente: z.int() }),
  })
  .meta({ title: 'Fila de revisões' });

export const reminderSchema = z
  .object({ dia: day, itens: z.int(), enviados: z.int().meta({ description: 'Mensagens enfileiradas agora (0 se o lembrete do dia já tinha saído).' }) })
  .meta({ title: 'Lembrete de revisões' });

export const correctionRequestSchema = z.object({
  texto: z
    .string({ error: REVIEW_MESSAGES.correctionInvalid })
    .trim()
    .min(10, { error: REVIEW_MESSAGES.correctionInvalid })
    .max(1_000, { error: REVIEW_MESSAGES.correctionInvalid })
    .refine((text) => !hasControlCharacters(text), { error: REVIEW_MESSAGES.correctionInvalid }),
});

export const correctionSchema = z.object({ id: z.int(), texto: z.string(), data: z.iso.datetime() }).meta({ title: 'Correção' });
