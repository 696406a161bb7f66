import { z } from 'zod';
import { hasControlCharacters } from '../lib/plain-text.js';
import { NOTE_MESSAGES } from './note-messages.js';

/** What a note and a reply take (issue 33), the same from the API and from the editor page's forms. */

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

