import type { z } from 'zod';
import { acceptInvitation, resetPassword } from '../workflow/link-use.js';
import { changePerson, endSessions, invitePerson, issuePasswordReset, resendInvitation } from '../workflow/people-admin.js';
import type { EditorContext, PublicContext } from './api-context.js';
import type { auditQuerySchema, invitationRequestSchema, personIdSchema, newPasswordSchema, passwordResetRequestSchema, personUpdateSchema } from './people-schemas.js';

/**
 * POST {api}/pessoas/convites { nome, email, papel } (administrators) → { id, convite_url }: the link is
 * shown once, and also e-mailed when SMTP_URL is set.
 */
export async function invitePersonHandler({ body }: { body: z.output<typeof invitationRequestSchema> }, { repo, editor, workflow, req }: EditorContext) {
  const { person, convite_url } = await invitePerson(repo, req, editor, body, workflow.links);
  return { id: person.id, convite_url };
}

/** POST {api}/pessoas/convites/{id}/reenvio (administrators): a new link for a week; the earlier one stops working. */
export async function resendInvitationHandler({ params }: { params: { id: z.output<typeof personIdSchema> } }, { repo, editor, workflow, req }: EditorContext) {
  const { person, convite_url, enviado, expira_em } = await resendInvitation(repo, req, editor, params.id, workflow.links);
  return { id: person.id, convite_url, enviado, expira_em };
}

/** POST {api}/pessoas/convites/{token} { senha }: the invited person chooses a password, once. */
export async function acceptInvitationHandler(
  { params, body: { senha } }: { params: { token: string }; body: z.output<typeof newPasswordSchema> },
  { repo, config, req }: PublicContext,
) {
  const person = await acceptInvitation(repo, req, params.token, senha, config.site);
  return { nome: person.nome, papel: person.papel };
}

/** POST {api}/pessoas/senha/esqueci { email }: the same answer for any address (no enumeration). */
export async function forgotPasswordHandler({ body: { email } }: { body: z.output<typeof passwordResetRequestSchema> }, { workflow, req }: PublicContext) {
  return { mensagem: await workflow.requestPasswordReset(req, email) };
}

/** POST {api}/pessoas/{id}/redefinicao (administrators) → { redefinicao_url }, for where no mail server exists. */
export async function issuePasswordResetHandler({ params }: { params: { id: number } }, { repo, editor, workflow, req }: EditorContext) {
  const { url } = await issuePasswordReset(repo, req, editor, params.id, workflow.links);
  return { redefinicao_url: url };
}

/**
 * POST {api}/pessoas/redefinicoes/{token} { senha } → { nome, papel, chaves_revogadas } and a session: a
 * new password, once; the person's other sessions end and their personal keys are revoked. The link proved
 * who the person is, so they are signed in whatever the sign-in limits say.
 */
export async function resetPasswordHandler(
  { params, body: { senha } }: { params: { token: string }; body: z.output<typeof newPasswordSchema> },
  { repo, config, workflow, req, res }: PublicContext,
) {
  const { person, revokedKeys } = await resetPassword(repo, req, params.token, senha, config.site);
  await workflow.signIn.asPerson(req, res, person, 'senha');
  return { nome: person.nome, papel: person.papel, chaves_revogadas: revokedKeys };
}

/** GET {api}/pessoas (administrators). */
export async function listPeopleHandler(_input: unknown, { repo }: EditorContext) {
  return repo.people.list();
}

/** PATCH {api}/pessoas/{id} { papel?, ativo? } (administrators): a deactivation ends the person's sessions at once. */
export async function updatePersonHandler(
  { params, body }: { params: { id: number }; body: z.output<typeof personUpdateSchema> },
  { repo, editor, req }: EditorContext,
) {
  return changePerson(repo, req, editor, params.id, body);
}

/** DELETE {api}/pessoas/{id}/sessoes (administrators): every browser of that person is signed out. */
export async function endPersonSessionsHandler({ params }: { params: { id: number } }, { repo, editor, req }: EditorContext) {
  return endSessions(repo, req, editor, params.id);
}

/** DELETE {api}/pessoas/sessoes (administrators): everyone is signed out but the administrator asking. */
export async function endEverySessionHandler(_input: unknown, { repo, editor, req }: EditorContext) {
  return endSessions(repo, req, editor);
}

/** GET {api}/auditoria ?pageIndex&pageSize&pessoa&acao (administrators): newest first. */
export async function auditHandler({ query }: { query: z.output<typeof auditQuerySchema> }, { repo }: EditorContext) {
  return repo.audit.list({ pageIndex: query.pageIndex, pageSize: query.pageSize, id_pessoa: query.pessoa, acao: query.acao });
}
