import { z } from 'zod';
import { SHARE_DAYS, SHARE_MAX_VIEWS, SHARE_MESSAGES } from '../workflow/share-links.js';

/** Shapes of share links (issue 33). */

export const shareLinkRequestSchema = z.object({
  dias: z.int({ error: SHARE_MESSAGES.daysInvalid }).min(SHARE_DAYS.min, { error: SHARE_MESSAGES.daysInvalid }).max(SHARE_DAYS.max, { error: SHARE_MESSAGES.daysInvalid }).default(SHARE_DAYS.default),
  max_visualizacoes: z.int({ error: SHARE_MESSAGES.viewsInvalid }).min(1, { error: SHARE_MESSAGES.viewsInvalid }).max(SHARE_MAX_VIEWS, { error: SHARE_MESSAGES.viewsInvalid }).nullable().optional(),
});

export const newShareLinkSchema = z
  .object({
    id: z.int(),
    url: z.string().meta({ description: 'O endereço da prévia: aparece só nesta resposta (guarda-se apenas o hash do token).' }),
    expira_em: z.iso.datetime(),
  })
  .meta({ title: 'Prévia criada' });

export const shareLinkSchema = z
  .object({
    id: z.int(),
    criado_em: z.iso.datetime(),
    expira_em: z.iso.datetime(),
    visualizacoes: z.int(),
    max_visualizacoes: z.int().nullable(),
    revogado: z.boolean(),
  })
  .meta({ title: 'Prévia' });

export const shareLinkIdSchema = z.coerce.number().int().positive();
