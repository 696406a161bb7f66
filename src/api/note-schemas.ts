import { z } from 'zod';
import { NOTE_MESSAGES } from '../workflow/note-messages.js';

/** Shapes of the notes on drafts (issue 33); what a note or a reply takes is checked in src/workflow/note-input.ts, for the page's forms too. */

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
