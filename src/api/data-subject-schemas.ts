import { z } from 'zod';
import { leadDeliverySchema, leadRecordSchema } from './lead-schemas.js';

export const subjectQuerySchema = z.object({
  email: z.string().trim().min(3).max(254).email({ error: 'Informe o e-mail do titular em ?email=, como nome@clinica.com.br.' }),
});

const keptProofSchema = z.looseObject({ emailSha256: z.string(), at: z.string() });

export const subjectDataSchema = z
  .object({
    email: z.string(),
    contatos: z.array(leadRecordSchema),
    provas_de_contatos_apagados: z.array(keptProofSchema),
    boletim: z.object({
      inscricao: z.looseObject({ id: z.string(), email: z.string(), estado: z.string() }).nullable(),
      provas: z.array(z.looseObject({ tipo: z.string(), em: z.string(), emailSha256: z.string() })),
      entregas: z.array(leadDeliverySchema),
    }),
  })
  .meta({ title: 'Dados do titular', description: 'Tudo o que o site guarda de um e-mail: pedidos de demonstração (com notas, entregas e provas), as provas de pedidos já apagados e a inscrição no boletim (com provas e entregas).' });

export const subjectErasedSchema = z.object({ contatos_apagados: z.int(), inscricao_apagada: z.boolean() });
