import type { RequestHandler } from 'express';
import type { Repository } from '../db/repository.js';
import { displayName } from '../people/credentials.js';
import type { EditorAuth } from '../workflow/editor-auth.js';
import { commandOf } from './command.js';
import { sendOk } from './envelope.js';

/**
 * GET {api}/pessoas/assinaturas → [{ id, nome }]: the active people an article may be signed by, for the
 * form's authors picker (any editor). Named as their byline names them: the profile's name, else the account's.
 */
export function signersHandler(repo: Repository, auth: EditorAuth): RequestHandler {
  return async (req, res) => {
    await auth.authorizeRead(req, res);
    const people = (await repo.people.list()).filter((person) => person.ativo);
    const signers = await Promise.all(
      people.map(async (person) => {
        const profile = await repo.profiles.get(person.id);
        return { id: person.id, nome: profile ? displayName(profile) : person.nome };
      }),
    );
    sendOk(res, commandOf(res), signers.sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR')));
  };
}
