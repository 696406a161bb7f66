import type { RequestHandler } from 'express';
import type { Repository } from '../db/repository.js';
import { ApiError } from '../lib/api-error.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { may, type Action } from '../people/roles.js';
import { acceptInvitation, resetPassword } from '../workflow/link-use.js';
import type { SiteNames } from '../people/passwords.js';
import { assertManagesPeople, changePerson, invitePerson, issuePasswordReset } from '../workflow/people-admin.js';
import type { PeopleLinks } from '../workflow/people-links.js';
import type { PasswordResetRequest } from '../workflow/password-reset-requests.js';
import type { SignIn } from '../workflow/sign-in.js';
import type { Editor, EditorAuth } from '../workflow/editor-auth.js';
import { commandOf } from './command.js';
import { sendOk } from './envelope.js';
import {
  auditQuerySchema,
  invitationRequestSchema,
  newPasswordSchema,
  passwordResetRequestSchema,
  personIdSchema,
  personUpdateSchema,
} from './people-schemas.js';
import { validate } from './validate.js';

function allow(editor: Editor, action: Action): void {
  if (!may(editor.role, action)) throw new ApiError(403, PEOPLE_MESSAGES.forbidden);
}

/**
 * POST {api}/pessoas/convites { nome, email, papel } (administrators) → { id, convite_url }: the link is
 * shown once, and also e-mailed when SMTP_URL is set.
 */
export function invitePersonHandler(repo: Repository, auth: EditorAuth, links: PeopleLinks): RequestHandler {
  return async (req, res) => {
    const editor = await auth.authorize(req, res);
    assertManagesPeople(editor);
    const { person, convite_url } = await invitePerson(repo, req, editor, validate(invitationRequestSchema, req.body), links);
    sendOk(res, commandOf(res), { id: person.id, convite_url });
  };
}

/** POST {api}/pessoas/convites/{token} { senha }: the invited person chooses a password, once. */
export function acceptInvitationHandler(repo: Repository, site: SiteNames): RequestHandler {
  return async (req, res) => {
    const { senha } = validate(newPasswordSchema, req.body);
    const person = await acceptInvitation(repo, req, String(req.params.token), senha, site);
    sendOk(res, commandOf(res), { nome: person.nome, papel: person.papel });
  };
}

/** POST {api}/pessoas/senha/esqueci { email }: the same answer for any address (no enumeration). */
export function forgotPasswordHandler(requestPasswordReset: PasswordResetRequest): RequestHandler {
  return async (req, res) => {
    const { email } = validate(passwordResetRequestSchema, req.body);
    sendOk(res, commandOf(res), { mensagem: await requestPasswordReset(req, email) });
  };
}

/** POST {api}/pessoas/{id}/redefinicao (administrators) → { redefinicao_url }, for where no mail server exists. */
export function issuePasswordResetHandler(repo: Repository, auth: EditorAuth, links: PeopleLinks): RequestHandler {
  return async (req, res) => {
    const editor = await auth.authorize(req, res);
    assertManagesPeople(editor);
    const { url } = await issuePasswordReset(repo, req, editor, validate(personIdSchema, req.params.id), links);
    sendOk(res, commandOf(res), { redefinicao_url: url });
  };
}

/**
 * POST {api}/pessoas/redefinicoes/{token} { senha } → { nome, papel, chaves_revogadas } and a session: a
 * new password, once; the person's other sessions end and their personal keys are revoked. The link proved
 * who the person is, so they are signed in whatever the sign-in limits say.
 */
export function resetPasswordHandler(repo: Repository, site: SiteNames, signIn: SignIn): RequestHandler {
  return async (req, res) => {
    const { senha } = validate(newPasswordSchema, req.body);
    const { person, revokedKeys } = await resetPassword(repo, req, String(req.params.token), senha, site);
    await signIn.asPerson(req, res, person, 'senha');
    sendOk(res, commandOf(res), { nome: person.nome, papel: person.papel, chaves_revogadas: revokedKeys });
  };
}

/** GET {api}/pessoas (administrators). */
export function listPeopleHandler(repo: Repository, auth: EditorAuth): RequestHandler {
  return async (req, res) => {
    allow(await auth.authorizeRead(req, res), 'gerir-pessoas');
    sendOk(res, commandOf(res), await repo.people.list());
  };
}

/** PATCH {api}/pessoas/{id} { papel?, ativo? } (administrators): a deactivation ends the person's sessions at once. */
export function updatePersonHandler(repo: Repository, auth: EditorAuth): RequestHandler {
  return async (req, res) => {
    const editor = await auth.authorize(req, res);
    assertManagesPeople(editor);
    const id = validate(personIdSchema, req.params.id);
    sendOk(res, commandOf(res), await changePerson(repo, req, editor, id, validate(personUpdateSchema, req.body)));
  };
}

/** GET {api}/auditoria ?pageIndex&pageSize&pessoa&acao (administrators): newest first. */
export function auditHandler(repo: Repository, auth: EditorAuth): RequestHandler {
  return async (req, res) => {
    allow(await auth.authorizeRead(req, res), 'ler-auditoria');
    const query = validate(auditQuerySchema, req.query);
    sendOk(res, commandOf(res), await repo.audit.list({ pageIndex: query.pageIndex, pageSize: query.pageSize, id_pessoa: query.pessoa, acao: query.acao }));
  };
}
