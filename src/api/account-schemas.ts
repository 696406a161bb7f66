import { z } from 'zod';
import { PEOPLE_MESSAGES } from '../people/messages.js';

/**
 * "Confirme que é você": the current password, in the request that plants a lasting credential, so that a
 * stolen session alone cannot. Checked against the stored hash (403 when wrong, 429 past the failures
 * allowed per account); the length cap is the password's.
 */
export const currentPasswordField = z
  .string({ error: PEOPLE_MESSAGES.confirmationMissing })
  .min(1, { error: PEOPLE_MESSAGES.confirmationMissing })
  .max(200, { error: PEOPLE_MESSAGES.confirmationRefused })
  .describe('Confirme que é você: a senha atual da pessoa conectada (403 se não conferir; nada é criado)');

export const personalKeyRequestSchema = z.object(
  {
    nome: z.string({ error: PEOPLE_MESSAGES.keyNameMissing }).trim().min(1, { error: PEOPLE_MESSAGES.keyNameMissing }).max(60, { error: PEOPLE_MESSAGES.keyNameMissing }),
    senha_atual: currentPasswordField,
  },
  { error: PEOPLE_MESSAGES.keyNameMissing },
);

export const personalKeyIdSchema = z.coerce.number({ error: PEOPLE_MESSAGES.keyNotFound }).int({ error: PEOPLE_MESSAGES.keyNotFound }).positive({ error: PEOPLE_MESSAGES.keyNotFound });

export const personalKeySchema = z
  .object({
    id: z.int(),
    nome: z.string(),
    criada_em: z.iso.datetime(),
    usada_em: z.iso.datetime().nullable(),
    revogada_em: z.iso.datetime().nullable().describe('Quando uma troca de senha, uma redefinição ou uma desativação a revogou; null enquanto funciona'),
    revogada_por: z.enum(['troca-de-senha', 'redefinicao-de-senha', 'desativacao']).nullable(),
  })
  .meta({ title: 'ChavePessoal' });

export const newPersonalKeySchema = personalKeySchema.extend({ chave: z.string().describe('A chave: mostrada só nesta resposta') }).meta({ title: 'ChavePessoalNova' });

/** A session's id is a digest of its cookie's secret (sha-256, hex): useless as a credential. */
export const sessionIdSchema = z.string({ error: PEOPLE_MESSAGES.sessionNotFound }).regex(/^[0-9a-f]{64}$/, { error: PEOPLE_MESSAGES.sessionNotFound });

export const openSessionSchema = z
  .object({
    id: z.string(),
    metodo: z.enum(['chave', 'senha', 'passkey']),
    endereco: z.string().nullable(),
    navegador: z.string().nullable(),
    criada_em: z.iso.datetime(),
    expira_em: z.iso.datetime(),
    atual: z.boolean().describe('A sessão desta requisição'),
  })
  .meta({ title: 'SessaoAberta' });
