import { displayName } from '../people/credentials.js';
import type { EditorContext } from './api-context.js';

/**
 * GET {api}/pessoas/assinaturas → [{ id, nome }]: the active people an article may be signed by, for the
 * form's authors picker (any editor). Named as their byline names them: the profile's name, else the account's.
 */
export async function listSigners(_input: unknown, { repo }: EditorContext) {
  const people = (await repo.people.list()).filter((person) => person.ativo);
  const signers = await Promise.all(
    people.map(async (person) => {
      const profile = await repo.profiles.get(person.id);
      return { id: person.id, nome: profile ? displayName(profile) : person.nome };
    }),
  );
  return signers.sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
}
