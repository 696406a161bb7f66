import { z } from 'zod';
import { LEAD_PROFILES } from '../db/lead-store.js';
import type { LeadCreatedEvent as EnqueuedEvent } from '../workflow/lead-events.js';

/**
 * The events the site sends to LEADS_WEBHOOK_URL (src/outbox/webhook-sender.ts), as the OpenAPI
 * document's `webhooks` section describes them. The code that enqueues an event types its payload with
 * these; the sender adds the delivery's id.
 */

const utmSchema = z
  .object({
    source: z.string().optional(),
    medium: z.string().optional(),
    campaign: z.string().optional(),
    term: z.string().optional(),
    content: z.string().optional(),
  })
  .meta({ description: 'Os parâmetros utm_* do endereço de /demonstracao; só os que vieram.' });

export const webhookLeadSchema = z
  .object({
    id: z.int().min(1),
    nome: z.string(),
    email: z.email(),
    telefone: z.string(),
    perfil: z.enum(LEAD_PROFILES),
    profissionais: z.int().min(1).nullable().meta({ description: 'Quantos profissionais a clínica tem; null para os outros perfis.' }),
    especialidade: z.string().nullable(),
    mensagem: z.string().nullable(),
    aceita_conteudo: z.boolean().meta({ description: 'Marcou a caixa (desmarcada de início) para receber conteúdo por e-mail: consentimento, LGPD art. 7º, I.' }),
    origem: z.object({
      pagina: z.string().nullable().meta({ description: 'O caminho da página cujo link levou ao formulário, como /noticias/...; null se desconhecido.' }),
      artigo: z.int().min(1).nullable().meta({ description: 'O id do artigo de onde veio; null se não veio de um artigo.' }),
      utm: utmSchema,
    }),
    criado_em: z.iso.datetime({ offset: true }),
  })
  .meta({ title: 'Contato' });

export const leadCreatedEventSchema = z
  .object({
    id: z.uuid().meta({ description: 'O id da entrega: o mesmo em toda nova tentativa e igual a X-Prontivo-Delivery; deduplique por ele.' }),
    evento: z.literal('contato.criado'),
    criado_em: z.iso.datetime({ offset: true }).meta({ description: 'Quando o evento aconteceu (não quando esta tentativa saiu).' }),
    contato: webhookLeadSchema,
  })
  .meta({ title: 'Evento contato.criado', description: 'Um pedido de demonstração feito em /demonstracao.' });

/** What is enqueued for the `webhook` kind (src/workflow/lead-events.ts): the event without its id, which is the delivery's. */
export const leadCreatedPayloadSchema = leadCreatedEventSchema.omit({ id: true }) satisfies z.ZodType<EnqueuedEvent>;

export type LeadCreatedEvent = z.infer<typeof leadCreatedEventSchema>;
export type LeadCreatedPayload = z.infer<typeof leadCreatedPayloadSchema>;
