import type { RequestHandler } from 'express';
import type { Repository } from '../db/repository.js';
import { ApiError } from '../lib/api-error.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import type { PasskeyCeremonies } from '../workflow/passkey-ceremonies.js';
import { may } from '../people/roles.js';
import { recordAudit } from '../workflow/audit-trail.js';
import type { EditorWorkflow } from '../workflow/editor-workflow.js';
import { clientAddress } from '../workflow/failed-key-limiter.js';
import { commandOf } from './command.js';
import { currentPerson } from './current-person.js';
import { sendOk } from './envelope.js';
import { personSignedIn } from './session-handlers.js';
import { passkeyConfirmationSchema, passkeyIdSchema, passkeyRegistrationSchema, passkeyRequirementSchema, passkeySignInSchema } from './passkey-schemas.js';
import { validate } from './validate.js';

const summary = ({ id, nome, criada_em, usada_em }: { id: string; nome: string; criada_em: string; usada_em: string | null }) => ({ id, nome, criada_em, usada_em });

/** Registering, listing and removing the signed-in person's passkeys; signing in with one; which roles must have one. */
export function passkeyHandlers(repo: Repository, workflow: EditorWorkflow, ceremonies: PasskeyCeremonies) {
  const { auth, failures } = workflow;
  return {
    /**
     * POST {api}/pessoas/eu/passkeys/opcoes { senha_atual } → the options for navigator.credentials.create().
     * The password is checked here too, so that a wrong one stops before the authenticator makes a passkey
     * the site would never store.
     */
    registrationOptions: (async (req, res) => {
      const person = await currentPerson(repo.people, await auth.authorizePasskeySetup(req, res));
      await workflow.confirmIdentity(req, person, validate(passkeyConfirmationSchema, req.body).senha_atual);
      sendOk(res, commandOf(res), await ceremonies.registrationOptions(person));
    }) satisfies RequestHandler,

    /**
     * POST {api}/pessoas/eu/passkeys { senha_atual, nome, resposta } → the new passkey. The current password
     * confirms it is the person: a stolen session alone must not plant a way back in.
     */
    register: (async (req, res) => {
      const editor = await auth.authorizePasskeySetup(req, res);
      const person = await currentPerson(repo.people, editor);
      const { senha_atual, nome, resposta } = validate(passkeyRegistrationSchema, req.body);
      await workflow.confirmIdentity(req, person, senha_atual);
      const passkey = await ceremonies.register(person, nome, resposta);
      if (!passkey) throw new ApiError(400, PEOPLE_MESSAGES.passkeyRefused);
      await recordAudit(repo.audit, req, editor, 'cadastrou-passkey', { detalhes: { nome } });
      sendOk(res, commandOf(res), summary(passkey));
    }) satisfies RequestHandler,

    /** GET {api}/pessoas/eu/passkeys. */
    list: (async (req, res) => {
      const person = await currentPerson(repo.people, await auth.authorizeRead(req, res));
      sendOk(res, commandOf(res), (await repo.passkeys.list(person.id)).map(summary));
    }) satisfies RequestHandler,

    /** DELETE {api}/pessoas/eu/passkeys/{id}: only one's own. */
    remove: (async (req, res) => {
      const editor = await auth.authorize(req, res);
      const person = await currentPerson(repo.people, editor);
      const id = validate(passkeyIdSchema, req.params.id);
      if (!(await repo.passkeys.remove(person.id, id))) throw new ApiError(404, PEOPLE_MESSAGES.passkeyNotFound);
      await recordAudit(repo.audit, req, editor, 'removeu-passkey');
      sendOk(res, commandOf(res), null);
    }) satisfies RequestHandler,

    /** POST {api}/sessao/passkey/opcoes → the options for navigator.credentials.get(); anyone may ask. */
    signInOptions: (async (_req, res) => {
      sendOk(res, commandOf(res), await ceremonies.signInOptions());
    }) satisfies RequestHandler,

    /**
     * POST {api}/sessao/passkey { resposta } → { nome, papel } (and `autor`) and the session cookie.
     * A passkey signs in whatever the password limits say (they are for guessable secrets); a refused
     * one still counts against the client address.
     */
    signIn: (async (req, res) => {
      const { resposta } = validate(passkeySignInSchema, req.body);
      const personId = await ceremonies.signIn(resposta);
      const person = personId === null ? null : await repo.people.get(personId);
      if (!person?.ativo) {
        failures.byAddress.count(clientAddress(req));
        await recordAudit(repo.audit, req, { author: person?.nome ?? 'passkey desconhecida', personId: person?.id ?? null }, 'entrada-recusada', { detalhes: { metodo: 'passkey' } });
        throw new ApiError(403, PEOPLE_MESSAGES.passkeyRefused);
      }
      sendOk(res, commandOf(res), personSignedIn(await workflow.signIn.asPerson(req, res, person, 'passkey')));
    }) satisfies RequestHandler,

    /** GET {api}/pessoas/passkey-exigida → { papeis } (administrators). */
    requiredRoles: (async (req, res) => {
      const editor = await auth.authorizeRead(req, res);
      if (!may(editor.role, 'gerir-pessoas')) throw new ApiError(403, PEOPLE_MESSAGES.forbidden);
      sendOk(res, commandOf(res), { papeis: await repo.passkeys.requiredRoles() });
    }) satisfies RequestHandler,

    /** PUT {api}/pessoas/passkey-exigida { papeis } (administrators). */
    requireForRoles: (async (req, res) => {
      const editor = await auth.authorize(req, res);
      if (!may(editor.role, 'gerir-pessoas')) throw new ApiError(403, PEOPLE_MESSAGES.forbidden);
      const { papeis } = validate(passkeyRequirementSchema, req.body);
      await repo.passkeys.setRequiredRoles([...new Set(papeis)]);
      await recordAudit(repo.audit, req, editor, 'exigiu-passkey', { detalhes: { papeis } });
      sendOk(res, commandOf(res), { papeis: await repo.passkeys.requiredRoles() });
    }) satisfies RequestHandler,
  };
}
