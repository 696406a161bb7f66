import { z } from 'zod';

/** The editing tab's random token (crypto.randomUUID in the browser). */
export const editTokenSchema = z.string({ error: 'O campo titular deve ser o identificador da aba de edição.' }).regex(/^[A-Za-z0-9-]{16,64}$/, {
  error: 'O campo titular deve ser o identificador da aba de edição.',
});

export const editClaimRequestSchema = z.object({ titular: editTokenSchema });

/** PUT /artigos/:id's optional tab token: with it, a save made after a takeover becomes a suggestion. */
export const editTokenFieldSchema = z.object({ edicao: editTokenSchema.optional() });

export const editLockSchema = z.object({
  minha: z.boolean().meta({ description: 'true: esta aba tem a edição; false: outra pessoa tem, desde "desde".' }),
  nome: z.string(),
  desde: z.string(),
  expira_em: z.string().meta({ description: 'Sem batimento até este instante, a edição fica livre.' }),
});

export const suggestionSchema = z.object({
  id: z.int(),
  autor: z.string(),
  id_pessoa: z.int().nullable(),
  versao_base: z.int(),
  data: z.string(),
  conteudo: z.record(z.string(), z.unknown()),
});
