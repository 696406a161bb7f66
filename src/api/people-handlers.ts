import { createHash, randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { SiteConfig } from '../config.js';
import { EmailTakenError, LastAdministratorError, type ArticleRepository } from '../db/repository.js';
import { ApiError } from '../lib/api-error.js';
import { absoluteUrl } from '../lib/absolute-url.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { hashPassword, passwordProblem } from '../people/passwords.js';
import { may, type Action } from '../people/roles.js';
import { recordAudit } from '../workflow/audit-trail.js';
import type { Editor, EditorAuth } from '../workflow/editor-auth.js';
import { commandOf } from './command.js';
import { sendOk } from './envelope.js';
import { auditQuerySchema, invitationAcceptSchema, invitationRequestSchema, personIdSchema, personUpdateSchema } from './people-schemas.js';
import { validate } from './validate.js';

/** An invitation's link works for a week. */
const INVITATION_MS = 7 * 86_400_000;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

function allow(editor: Editor, action: Action): void {
  if (!may(editor.role, action)) throw new ApiError(403, PEOPLE_MESSAGES.forbidden);
}

/** POST {api}/pessoas/convites { nome, email, papel } (administrators) → { id, convite_url }: the link is shown once. */
export function invitePersonHandler(repo: ArticleRepository, auth: EditorAuth, site: Pick<SiteConfig, 'siteUrl'>, invitationPath: (token: string) => string): RequestHandler {
  return async (req, res) => {
    const editor = await auth.authorize(req, res);
    allow(editor, 'gerir-pessoas');
    const person = validate(invitationRequestSchema, req.body);
    const token = randomBytes(32).toString('base64url');
    const invited = await repo.people
      .invite(person, { token_hash: digest(token), expira_em: new Date(Date.now() + INVITATION_MS).toISOString() })
      .catch((error: unknown) => {
        throw error instanceof EmailTakenError ? new ApiError(409, PEOPLE_MESSAGES.emailTaken) : error;
      });
    await recordAudit(repo.audit, req, editor, 'convidou', { detalhes: { id_pessoa: invited.id, papel: invited.papel } });
    sendOk(res, commandOf(res), { id: invited.id, convite_url: absoluteUrl(site, invitationPath(token)) });
  };
}

/** POST {api}/pessoas/convites/{token} { senha }: the invited person chooses a password, once. */
export function acceptInvitationHandler(repo: ArticleRepository): RequestHandler {
  return async (req, res) => {
    const token_hash = digest(String(req.params.token));
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
    allow(editor, 'gerir-pessoas');
    const id = validate(personIdSchema, req.params.id);
    const change = validate(personUpdateSchema, req.body);
    const person = await repo.people.update(id, change).catch((error: unknown) => {
      throw error instanceof LastAdministratorError ? new ApiError(409, PEOPLE_MESSAGES.lastAdministrator) : error;
    });
    if (!person) throw new ApiError(404, PEOPLE_MESSAGES.personNotFound);
    await recordAudit(repo.audit, req, editor, 'alterou-pessoa', { detalhes: { id_pessoa: id, ...change } });
    sendOk(res, commandOf(res), person);
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
