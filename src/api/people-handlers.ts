import type { RequestHandler } from 'express';
import type { ArticleRepository } from '../db/repository.js';
import { ApiError } from '../lib/api-error.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { hashPassword, passwordProblem } from '../people/passwords.js';
import { may, type Action } from '../people/roles.js';
import { recordAudit } from '../workflow/audit-trail.js';
import { assertManagesPeople, changePerson, invitePerson, tokenDigest } from '../workflow/people-admin.js';
import type { Editor, EditorAuth } from '../workflow/editor-auth.js';
import { commandOf } from './command.js';
import { sendOk } from './envelope.js';
import { auditQuerySchema, invitationAcceptSchema, invitationRequestSchema, personIdSchema, personUpdateSchema } from './people-schemas.js';
import { validate } from './validate.js';

function allow(editor: Editor, action: Action): void {
  if (!may(editor.role, action)) throw new ApiError(403, PEOPLE_MESSAGES.forbidden);
}

/** POST {api}/pessoas/convites { nome, email, papel } (administrators) → { id, convite_url }: the link is shown once. */
export function invitePersonHandler(repo: ArticleRepository, auth: EditorAuth, invitationUrl: (token: string) => string): RequestHandler {
  return async (req, res) => {
    const editor = await auth.authorize(req, res);
    assertManagesPeople(editor);
    const { person, convite_url } = await invitePerson(repo, req, editor, validate(invitationRequestSchema, req.body), invitationUrl);
    sendOk(res, commandOf(res), { id: person.id, convite_url });
  };
}

/** POST {api}/pessoas/convites/{token} { senha }: the invited person chooses a password, once. */
export function acceptInvitationHandler(repo: ArticleRepository): RequestHandler {
  return async (req, res) => {
    const token_hash = tokenDigest(String(req.params.token));
    const { senha } = validate(invitationAcceptSchema, req.body);
    const person = await repo.people.invited(token_hash);
    if (!person) throw new ApiError(404, PEOPLE_MESSAGES.invitationUnknown);
    const problem = passwordProblem(senha, person);
    if (problem) throw new ApiError(400, problem);
    const outcome = await repo.people.acceptInvitation(token_hash, await hashPassword(senha), new Date().toISOString());
    if ('refused' in outcome) {
      if (outcome.refused === 'unknown') throw new ApiError(404, PEOPLE_MESSAGES.invitationUnknown);
      throw new ApiError(410, outcome.refused === 'used' ? PEOPLE_MESSAGES.invitationUsed : PEOPLE_MESSAGES.invitationExpired);
    }
    await recordAudit(repo.audit, req, { author: person.nome, personId: person.id }, 'aceitou-convite');
    sendOk(res, commandOf(res), { nome: outcome.accepted.nome, papel: outcome.accepted.papel });
  };
}

/** GET {api}/pessoas (administrators). */
export function listPeopleHandler(repo: ArticleRepository, auth: EditorAuth): RequestHandler {
  return async (req, res) => {
    allow(await auth.authorizeRead(req, res), 'gerir-pessoas');
    sendOk(res, commandOf(res), await repo.people.list());
  };
}

/** PATCH {api}/pessoas/{id} { papel?, ativo? } (administrators): a deactivation ends the person's sessions at once. */
export function updatePersonHandler(repo: ArticleRepository, auth: EditorAuth): RequestHandler {
  return async (req, res) => {
    const editor = await auth.authorize(req, res);
    assertManagesPeople(editor);
    const id = validate(personIdSchema, req.params.id);
    sendOk(res, commandOf(res), await changePerson(repo, req, editor, id, validate(personUpdateSchema, req.body)));
  };
}

/** GET {api}/auditoria ?pageIndex&pageSize&pessoa&acao (administrators): newest first. */
export function auditHandler(repo: ArticleRepository, auth: EditorAuth): RequestHandler {
  return async (req, res) => {
    allow(await auth.authorizeRead(req, res), 'ler-auditoria');
    const query = validate(auditQuerySchema, req.query);
    sendOk(res, commandOf(res), await repo.audit.list({ pageIndex: query.pageIndex, pageSize: query.pageSize, id_pessoa: query.pessoa, acao: query.acao }));
  };
}
