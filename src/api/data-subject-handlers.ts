import type { z } from 'zod';
import { eraseSubjectData, exportSubjectData } from '../workflow/data-subjects.js';
import type { EditorContext } from './api-context.js';
import type { subjectQuerySchema } from './data-subject-schemas.js';
import { deliveryView, recordView } from './lead-handlers.js';

type Query = { query: z.output<typeof subjectQuerySchema> };

/** GET {api}/titulares?email= (administrators): everything about an address, as JSON; audited. */
export async function exportSubjectHandler({ query }: Query, { repo, req, editor }: EditorContext) {
  const data = await exportSubjectData(repo, req, editor, query.email);
  const { subscriber, proofs, deliveries } = data.newsletter;
  return {
    email: data.email,
    contatos: data.leads.map(recordView),
    provas_de_contatos_apagados: data.keptLeadProofs,
    boletim: { inscricao: subscriber, provas: proofs, entregas: deliveries.map(deliveryView) },
  };
}

/** DELETE {api}/titulares?email= (administrators): erases the address, keeping the proofs hashed; audited. */
export async function eraseSubjectHandler({ query }: Query, { repo, req, editor }: EditorContext) {
  const { contatos, inscricao } = await eraseSubjectData(repo, req, editor, query.email);
  return { contatos_apagados: contatos, inscricao_apagada: inscricao };
}
