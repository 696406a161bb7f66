import { z } from 'zod';

export const editionIdSchema = z.uuid({ error: 'Identificador de edição inválido.' });

export const manualEditionSchema = z.object({
  artigos: z.array(z.int().positive()).min(1, 'Escolha pelo menos um artigo.').max(30, 'No máximo 30 artigos por edição.'),
  assunto: z.string().trim().min(1, 'Escreva o assunto.').max(150, 'O assunto tem no máximo 150 caracteres.'),
});

const deliveryCounts = z.object({ pendente: z.int(), enviando: z.int(), entregue: z.int(), falhou: z.int() });

export const editionSchema = z.object({
  id: z.string(),
  assunto: z.string(),
  estado: z.enum(['rascunho', 'preparando', 'enviada']),
  tipo: z.enum(['agendada', 'manual']),
  artigos: z.array(z.object({ id: z.int(), titulo: z.string(), url: z.string() })),
  criada_em: z.string(),
  enviada_em: z.string().nullable(),
  destinatarios: z.int(),
  progresso: deliveryCounts,
  falhas: z.array(z.object({ entrega: z.string(), tentativas: z.int(), ultima_resposta: z.string().nullable() })),
  aberturas: z.literal('não medidas: sem pixel de rastreamento'),
});
