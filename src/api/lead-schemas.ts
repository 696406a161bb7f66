import { z } from 'zod';
import { LEAD_STATES } from '../db/lead-store.js';
import { LEAD_MESSAGES } from '../workflow/lead-messages.js';
import { parseLeadCursor } from '../workflow/lead-desk.js';

export const leadIdSchema = z.coerce.number({ error: LEAD_MESSAGES.idInvalid }).int({ error: LEAD_MESSAGES.idInvalid }).positive({ error: LEAD_MESSAGES.idInvalid }).max(Number.MAX_SAFE_INTEGER, { error: LEAD_MESSAGES.idInvalid });
export const deliveryIdSchema = z.uuid({ error: LEAD_MESSAGES.deliveryNotFound });
const leadStateSchema = z.enum(LEAD_STATES, { error: LEAD_MESSAGES.stateInvalid });

/** The list's filters, shared by the page of leads and the CSV export. */
export const leadFiltersSchema = z.object({
  texto: z.string({ error: LEAD_MESSAGES.textTooLong }).trim().max(200, { error: LEAD_MESSAGES.textTooLong }).optional().meta({ description: 'Palavras no nome, e-mail, telefone, especialidade ou mensagem (acentos e maiúsculas não importam).' }),
  estado: leadStateSchema.optional(),
  pagina: z.string({ error: LEAD_MESSAGES.pageInvalid }).max(500, { error: LEAD_MESSAGES.pageInvalid }).regex(/^\//, { error: LEAD_MESSAGES.pageInvalid }).optional().meta({ description: 'Origem: o caminho da página do site de onde a pessoa veio (ex.: /preco-prontuario-eletronico).' }),
  artigo: z.coerce.number({ error: LEAD_MESSAGES.articleInvalid }).int({ error: LEAD_MESSAGES.articleInvalid }).positive({ error: LEAD_MESSAGES.articleInvalid }).max(Number.MAX_SAFE_INTEGER, { error: LEAD_MESSAGES.articleInvalid }).optional().meta({ description: 'Origem: o número do artigo de onde a pessoa veio.' }),
  campanha: z.string({ error: LEAD_MESSAGES.campaignInvalid }).trim().min(1, { error: LEAD_MESSAGES.campaignInvalid }).max(200, { error: LEAD_MESSAGES.campaignInvalid }).optional().meta({ description: 'Origem: o utm_campaign do link.' }),
});

export const leadListQuerySchema = leadFiltersSchema.extend({
  antes: z
    .string({ error: LEAD_MESSAGES.cursorInvalid })
    .transform((cursor, ctx) => parseLeadCursor(cursor) ?? (ctx.addIssue({ code: 'custom', message: LEAD_MESSAGES.cursorInvalid }), z.NEVER))
    .optional()
    .meta({ description: 'Paginação: o valor de proxima da página anterior (os contatos criados antes dele).' }),
});

export const leadStateRequestSchema = z.object({ estado: leadStateSchema });
export const leadNoteRequestSchema = z.object({
  texto: z.string({ error: LEAD_MESSAGES.noteMissing }).trim().min(1, { error: LEAD_MESSAGES.noteMissing }).max(5_000, { error: LEAD_MESSAGES.noteTooLong }),
});

const consentSchema = z
  .object({
    requestText: z.string(),
    marketingText: z.string(),
    version: z.string(),
    marketingAccepted: z.boolean(),
    at: z.string(),
    page: z.string(),
    truncatedAddress: z.string(),
  })
  .meta({ title: 'Prova de consentimento', description: 'Os textos mostrados e a sua versão, se a caixa de conteúdo por e-mail foi marcada, quando, em que página e de que endereço (sem o último octeto).' });

export const leadSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    profile: z.string(),
    professionals: z.int().nullable(),
    specialty: z.string().nullable(),
    message: z.string().nullable(),
    origin: z.object({ page: z.string().nullable(), articleId: z.int().nullable(), utm: z.record(z.string(), z.string()) }),
    state: leadStateSchema,
    consent: consentSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ title: 'Contato' });

export const leadNoteSchema = z
  .object({ id: z.int(), leadId: z.int(), authorId: z.int().nullable(), authorName: z.string(), text: z.string(), createdAt: z.string() })
  .meta({ title: 'Nota de contato' });

export const leadDeliverySchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    state: z.enum(['pendente', 'enviando', 'entregue', 'falhou']),
    attempts: z.int(),
    nextAttemptAt: z.string(),
    lastAnswer: z.string().nullable(),
    createdAt: z.string(),
    deliveredAt: z.string().nullable(),
  })
  .meta({ title: 'Entrega de contato', description: 'Uma mensagem que o contato causou (e-mail à equipe de vendas, webhook do CRM), com a última resposta do destino.' });

export const leadPageSchema = z.object({ contatos: z.array(leadSchema), total: z.int(), proxima: z.string().nullable() }).meta({ title: 'Página de contatos' });

export const leadRecordSchema = z
  .object({ contato: leadSchema, notas: z.array(leadNoteSchema), entregas: z.array(leadDeliverySchema) })
  .meta({ title: 'Ficha do contato', description: 'O contato com a prova de consentimento, as notas e as entregas: a exportação em JSON.' });
