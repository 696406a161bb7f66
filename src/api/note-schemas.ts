import { z } from 'zod';
import { hasControlCharacters } from '../lib/plain-text.js';
import { NOTE_MESSAGES } from '../workflow/note-messages.js';

/** Shapes of the notes on drafts (issue 33). */

export const NOTE_TEXT_MAX = 5_000;
export const NOTE_QUOTE_MAX = 1_000;

const noteText = z
  .string({ error: NOTE_MESSAGES.textInvalid })
  .trim()
  .min(1, { error: NOTE_MESSAGES.textInvalid })
  .max(NOTE_TEXT_MAX, { error: NOTE_MESSAGES.textInvalid })
  .refine((text) => !hasControlCharacters(text), { error: NOTE_MESSAGES.textInvalid });

export const noteRequestSchema = z.object({
  texto: noteText,
  trecho: z
    .string({ error: NOTE_MESSAGES.quoteInvalid })
    .max(NOTE_QUOTE_MAX, { error: NOTE_MESSAGES.quoteInvalid })
    .optional()
    .meta({ description: 'O trecho citado, como selecionado no texto: o servidor o localiza no texto atual. Sem ele, a nota é sobre o artigo todo.' }),
});

export const replyRequestSchema = z.object({ texto: noteText });

export const resolveRequestSchema = z.object({ resolvida: z.boolean({ error: NOTE_MESSAGES.resolvedInvalid }) });

export const noteIdSchema = z.coerce.number({ error: NOTE_MESSAGES.noteNotFound }).int({ error: NOTE_MESSAGES.noteNotFound }).positive({ error: NOTE_MESSAGES.noteNotFound }).max(2_147_483_647, { error: NOTE_MESSAGES.noteNotFound });

const personSchema = z.object({ id: z.int().nullable(), nome: z.string() });

export const noteReplySchema = z.object({ id: z.int(), texto: z.string(), pessoa: personSchema, criada_em: z.iso.datetime() }).meta({ title: 'Resposta a uma nota' });

export const noteSchema = z
  .object({
    id: z.int(),
    texto: z.string(),
    trecho: z.string().nullable(),
    trecho_alterado: z.boolean().meta({ description: 'O trecho citado não está mais no texto atual (foi alterado): a nota mostra o trecho como era.' }),
    pessoa: personSchema,
    criada_em: z.iso.datetime(),
    resolvida: z.boolean(),
    resolvida_em: z.iso.datetime().nullable(),
    resolvida_por: z.string().nullable(),
    respostas: z.array(noteReplySchema),
  })
  .meta({ title: 'Nota' });
