import { z } from 'zod';
import { GRANTS, ROLES } from '../people/roles.js';
import { emailAddressSchema } from '../people/email-address.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';

const roleSchema = z.enum(ROLES, { error: PEOPLE_MESSAGES.roleInvalid });
const grantsSchema = z.array(z.enum(GRANTS, { error: PEOPLE_MESSAGES.grantInvalid }), { error: PEOPLE_MESSAGES.grantInvalid }).max(GRANTS.length, { error: PEOPLE_MESSAGES.grantInvalid });

export const invitationRequestSchema = z.object({
  nome: z.string({ error: PEOPLE_MESSAGES.nameMissing }).trim().min(1, { error: PEOPLE_MESSAGES.nameMissing }).max(120, { error: PEOPLE_MESSAGES.nameMissing }),
  email: z.email({ error: PEOPLE_MESSAGES.emailInvalid }).max(254, { error: PEOPLE_MESSAGES.emailInvalid }),
  papel: roleSchema,
});

/** The password an invited person, or one with a reset link, chooses. */
export const newPasswordSchema = z.object({ senha: z.string({ error: PEOPLE_MESSAGES.passwordMissing }).max(200, { error: PEOPLE_MESSAGES.passwordTooLong }) });

export const passwordResetRequestSchema = z.object({ email: emailAddressSchema });

export const passwordSignInSchema = z.object({
  email: z.string({ error: PEOPLE_MESSAGES.signInRefused }).max(254, { error: PEOPLE_MESSAGES.signInRefused }),
  senha: z.string({ error: PEOPLE_MESSAGES.signInRefused }).max(200, { error: PEOPLE_MESSAGES.signInRefused }),
});

export const personUpdateSchema = z
  .object({
    papel: roleSchema.optional(),
    ativo: z.boolean({ error: PEOPLE_MESSAGES.activeInvalid }).optional(),
    permissoes: grantsSchema.optional().meta({ description: 'Todas as permissões além do papel (substitui as atuais): ["ver-contatos"] concede ver os contatos; [] retira.' }),
  })
  .refine((change) => change.papel !== undefined || change.ativo !== undefined || change.permissoes !== undefined, { error: PEOPLE_MESSAGES.nothingToChange });

export const personIdSchema = z.coerce.number({ error: PEOPLE_MESSAGES.personNotFound }).int().positive({ error: PEOPLE_MESSAGES.personNotFound });

export const auditQuerySchema = z.object({
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  pessoa: z.coerce.number().int().positive().optional(),
  acao: z.string().max(40).optional(),
});

export const personSchema = z
  .object({ id: z.int(), nome: z.string(), email: z.string(), papel: roleSchema, ativo: z.boolean(), criada_em: z.string(), permissoes: z.array(z.enum(GRANTS)) })
  .meta({ title: 'Pessoa' });
export const invitationSchema = z.object({ id: z.int(), convite_url: z.url() }).meta({ title: 'Convite' });
export const resentInvitationSchema = z
  .object({ id: z.int(), convite_url: z.url(), enviado: z.boolean().meta({ description: 'Se foi por e-mail (SMTP_URL definido)' }), expira_em: z.iso.datetime() })
  .meta({ title: 'Convite reenviado' });
export const passwordResetLinkSchema = z.object({ redefinicao_url: z.url() }).meta({ title: 'Link de redefinição de senha' });
export const passwordResetRequestedSchema = z.object({ mensagem: z.string() }).meta({ title: 'Pedido de redefinição de senha' });
export const auditPageSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.int(),
        quando: z.string(),
        quem: z.string(),
        id_pessoa: z.int().nullable(),
        acao: z.string(),
        id_artigo: z.int().nullable(),
        endereco: z.string().nullable(),
        detalhes: z.string().nullable(),
      }),
    ),
    total: z.int(),
  })
  .meta({ title: 'Auditoria' });
