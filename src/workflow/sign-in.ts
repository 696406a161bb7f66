import type { Request, Response } from 'express';
import type { AuditLog } from '../db/audit-store.js';
import type { Person } from '../db/people-store.js';
import { recordAudit } from './audit-trail.js';
import type { EditorSessions, SignedIn } from './editor-sessions.js';
import type { PasswordCheck } from './password-sign-in.js';

/**
 * Signing in and out, one flow for the API and the pages: the session, its cookie and the audit line.
 * Refusals are ApiErrors (403 wrong, 429 past a limit), for the caller to answer its own way.
 */
export interface SignIn {
  /** An editor key: an administrator. */
  withKey(req: Request, res: Response, key: unknown): Promise<SignedIn>;
  /** E-mail and password, counted and limited (passwordCheck). */
  withPassword(req: Request, res: Response, email: string, senha: string): Promise<SignedIn>;
  /** A person who proved who they are another way: a passkey, or the link of an invitation or a reset with the password chosen there. */
  asPerson(req: Request, res: Response, person: Person, metodo: 'senha' | 'passkey'): Promise<SignedIn>;
  signOut(req: Request, res: Response): Promise<void>;
}

export function createSignIn(sessions: EditorSessions, audit: AuditLog, checkPassword: PasswordCheck): SignIn {
  const asPerson: SignIn['asPerson'] = async (req, res, person, metodo) => {
    await sessions.openFor(req, res, person, metodo);
    await recordAudit(audit, req, { author: person.nome, personId: person.id }, 'entrou', metodo === 'passkey' ? { detalhes: { metodo } } : {});
    return { autor: person.nome, id_pessoa: person.id, papel: person.papel, permissoes: person.permissoes };
  };
  return {
    async withKey(req, res, key) {
      const signedIn = await sessions.open(req, res, key);
      await recordAudit(audit, req, { author: signedIn.autor, personId: null }, 'entrou');
      return signedIn;
    },
    async withPassword(req, res, email, senha) {
      return asPerson(req, res, await checkPassword(req, email, senha), 'senha');
    },
    asPerson,
    async signOut(req, res) {
      const closing = await sessions.read(req);
      await sessions.close(req, res);
      if (closing) await recordAudit(audit, req, { author: closing.autor, personId: closing.id_pessoa }, 'saiu');
    },
  };
}
