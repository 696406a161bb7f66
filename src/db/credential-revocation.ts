import type { Kysely } from 'kysely';
import type { KeyRevocation, PersonalKey } from './personal-key.js';
import type { Schema } from './schema.js';

/** A personal key's columns as its owner sees them. */
export const PERSONAL_KEY_COLUMNS = ['id', 'nome', 'criada_em', 'usada_em', 'revogada_em', 'revogada_por'] as const;

/**
 * Ends what proves to be the person, inside the caller's transaction: their sessions (all but
 * `keepSession`) and their keys created until `now`, marked revoked with the reason. The revoked keys.
 */
export async function endCredentials(trx: Kysely<Schema>, id_pessoa: number, now: string, revogada_por: KeyRevocation, keepSession: string | null = null): Promise<PersonalKey[]> {
  let sessions = trx.deleteFrom('sessoes_editor').where('id_pessoa', '=', id_pessoa);
  if (keepSession !== null) sessions = sessions.where('id', '!=', keepSession);
  await sessions.execute();
  return trx
    .updateTable('chaves_pessoais')
    .set({ revogada_em: now, revogada_por })
    .where('id_pessoa', '=', id_pessoa)
    .where('revogada_em', 'is', null)
    .where('criada_em', '<=', now)
    .returning(PERSONAL_KEY_COLUMNS)
    .execute();
}
