import type { Request } from 'express';
import type { Repository } from '../db/storage.js';
import { EmailTakenError, LastAdministratorError, type NewPerson, type Person } from '../db/people-store.js';
import type { NewDelivery } from '../db/outbox-store.js';
import { ApiError } from '../lib/api-error.js';
import { newSecretToken, secretDigest } from '../lib/secret-token.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { invitationMail } from '../mail/people-mails.js';
import { may, type Grant, type Role } from '../people/roles.js';
import { recordAudit } from './audit-trail.js';
import type { Editor } from './editor-auth.js';
import { currentSessionId } from './editor-sessions.js';
import type { PeopleLinks } from './people-links.js';

/** An invitation's link works for a week. */
const INVITATION_MS = 7 * 86_400_000;
/**
 * A reset link an administrator hands over works for a day, not the e-mailed link's hour: it travels
 * through a person (a message, a call) and may wait for the next working day.
 */
const ISSUED_RESET_MS = 86_400_000;

export function assertManagesPeople(editor: Pick<Editor, 'role'>): void {
  if (!may(editor.role, 'gerir-pessoas')) throw new ApiError(403, PEOPLE_MESSAGES.forbidden);
}

/**
 * What administrators do to people, for the API and the people page alike: each checks the role,
 * answers ApiError with a Portuguese message, and is audited.
 */
export async function invitePerson(
  repo: Repository,
  req: Request,
  editor: Editor,
  person: NewPerson,
  links: PeopleLinks,
): Promise<SentInvitation> {
  assertManagesPeople(editor);
  const { link, convite_url, mail } = newInvitationLink(editor, links);
  const invited = await repo.people
    .invite(person, link, mail)
    .catch((error: unknown) => {
      throw error instanceof EmailTakenError ? new ApiError(409, PEOPLE_MESSAGES.emailTaken) : error;
    });
  await recordAudit(repo.audit, req, editor, 'convidou', { detalhes: { id_pessoa: invited.id, papel: invited.papel } });
  return { person: invited, convite_url, enviado: links.mailing, expira_em: link.expira_em };
}

/** What an invitation answers: the one-time link, whether it went by e-mail (SMTP set), and until when it works. */
export interface SentInvitation {
  person: Person;
  convite_url: string;
  enviado: boolean;
  expira_em: string;
}

/**
 * A fresh link for an invitation: its digest and expiry to store, and (when mailing) the message that
 * joins the outbox with it, so that both are stored or neither.
 */
function newInvitationLink(editor: Editor, links: PeopleLinks) {
  const token = newSecretToken();
  const convite_url = links.invitationUrl(token);
  const link = { token_hash: secretDigest(token), expira_em: new Date(Date.now() + INVITATION_MS).toISOString() };
  const mail = (invited: Person): NewDelivery => ({
    kind: 'email',
    payload: invitationMail(links.site, { ...invited, convidadoPor: editor.author, url: convite_url }),
    reference: `pessoa:${invited.id}`,
  });
  return { link, convite_url, mail: links.mailing ? mail : undefined };
}

/** Sends an invitation not yet accepted again: a new link for another week, the earlier ones stop working. */
export async function resendInvitation(repo: Repository, req: Request, editor: Editor, id: number, links: PeopleLinks): Promise<SentInvitation> {
  assertManagesPeople(editor);
  const { link, convite_url, mail } = newInvitationLink(editor, links);
  const outcome = await repo.people.resendInvitation(id, link, mail);
  if ('refused' in outcome) {
    throw outcome.refused === 'absent' ? new ApiError(404, PEOPLE_MESSAGES.personNotFound) : new ApiError(409, PEOPLE_MESSAGES.invitationAccepted);
  }
  await recordAudit(repo.audit, req, editor, 'reenviou-convite', { detalhes: { id_pessoa: id } });
  return { person: outcome.person, convite_url, enviado: links.mailing, expira_em: link.expira_em };
}

/** A one-time link to choose a new password, for an administrator to hand over where no mail server exists. */
export async function issuePasswordReset(repo: Repository, req: Request, editor: Editor, id: number, links: PeopleLinks): Promise<{ person: Person; url: string }> {
  assertManagesPeople(editor);
  const token = newSecretToken();
  const now = Date.now();
  const person = await repo.people.issuePasswordReset(id, { token_hash: secretDigest(token), expira_em: new Date(now + ISSUED_RESET_MS).toISOString() }, new Date(now).toISOString());
  if (!person) {
    const absent = (await repo.people.get(id)) === null;
    throw new ApiError(absent ? 404 : 409, absent ? PEOPLE_MESSAGES.personNotFound : PEOPLE_MESSAGES.personInactive);
  }
  await recordAudit(repo.audit, req, editor, 'gerou-redefinicao', { detalhes: { id_pessoa: id } });
  return { person, url: links.resetUrl(token) };
}

/** A new role, state or set of granted rights; a deactivation ends the person's sessions at once (they are read live). */
export async function changePerson(
  repo: Repository,
  req: Request,
  editor: Editor,
  id: number,
  change: { papel?: Role; ativo?: boolean; permissoes?: Grant[] },
): Promise<Person> {
  assertManagesPeople(editor);
  const person = await repo.people.update(id, change).catch((error: unknown) => {
    throw error instanceof LastAdministratorError ? new ApiError(409, PEOPLE_MESSAGES.lastAdministrator) : error;
  });
  if (!person) throw new ApiError(404, PEOPLE_MESSAGES.personNotFound);
  const { permissoes, ...roleOrState } = change;
  if (Object.keys(roleOrState).length > 0) await recordAudit(repo.audit, req, editor, 'alterou-pessoa', { detalhes: { id_pessoa: id, ...roleOrState } });
  if (permissoes) await recordAudit(repo.audit, req, editor, 'alterou-permissoes', { detalhes: { id_pessoa: id, permissoes: person.permissoes } });
  return person;
}

/**
 * Ends every session of one person (a lost laptop, a departure), or of everyone but the administrator
 * asking (a leaked database copy, a suspected break-in): each browser is signed out at its next
 * request, on every instance. Personal keys and passkeys stay; revoke keys where they are listed.
 */
export async function endSessions(repo: Repository, req: Request, editor: Editor, personId?: number): Promise<{ encerradas: number }> {
  assertManagesPeople(editor);
  if (personId !== undefined && !(await repo.people.get(personId))) throw new ApiError(404, PEOPLE_MESSAGES.personNotFound);
  const encerradas = await repo.sessions.endAll({ id_pessoa: personId, keep: currentSessionId(req) });
  if (personId === undefined) await recordAudit(repo.audit, req, editor, 'encerrou-todas-as-sessoes', { detalhes: { encerradas } });
  else await recordAudit(repo.audit, req, editor, 'encerrou-sessoes-da-pessoa', { detalhes: { id_pessoa: personId, encerradas } });
  return { encerradas };
}
