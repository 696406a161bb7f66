import type { Request, Response } from 'express';
import type { PeopleStore, Person, SessionStore } from '../db/repository.js';
import type { Role } from '../people/roles.js';
import type { KeyJudge } from './failed-key-limiter.js';
import {
  SESSION_IDLE_MS,
  clearSessionCookie,
  newSessionToken,
  sessionDigest,
  sessionToken,
  setSessionCookie,
} from './session-cookie.js';

export interface EditorSessions {
  /** Judges the key (ApiError 403 when wrong, 429 past the failed-key limit), stores a new session and sets its cookie. */
  open(req: Request, res: Response, key: unknown): Promise<SignedIn>;
  /** A session for a person whose password was checked. */
  openFor(req: Request, res: Response, person: Person): Promise<void>;
  /**
   * Who the session is, sliding its expiry (and the cookie's, when res is given); null when there is
   * none. A person's name and role are read at each request, so a change applies at once, on every
   * instance; an editor key's session is an administrator.
   */
  read(req: Request, res?: Response): Promise<SignedIn | null>;
  /** Ends the session, if any, and clears the cookie. */
  close(req: Request, res: Response): Promise<void>;
}

export interface SignedIn {
  autor: string;
  id_pessoa: number | null;
  papel: Role;
}

const expiry = (from: number) => new Date(from + SESSION_IDLE_MS).toISOString();

export function createEditorSessions(store: SessionStore, people: PeopleStore, judgeKey: KeyJudge): EditorSessions {
  const start = async (req: Request, res: Response, autor: string, id_pessoa: number | null) => {
    const token = newSessionToken();
    await store.create({ id: sessionDigest(token), autor, id_pessoa, expira_em: expiry(Date.now()) });
    setSessionCookie(req, res, token);
  };
  return {
    async open(req, res, key) {
      const editor = judgeKey(req, key);
      await start(req, res, editor.author, null);
      return { autor: editor.author, id_pessoa: null, papel: 'administrador' };
    },
    async openFor(req, res, person) {
      await start(req, res, person.nome, person.id);
    },
    async read(req, res) {
      const token = sessionToken(req);
      if (!token) return null;
      const now = Date.now();
      const session = await store.touch(sessionDigest(token), new Date(now).toISOString(), expiry(now));
      if (!session) return null;
      const person = session.id_pessoa === null ? null : await people.get(session.id_pessoa);
      if (session.id_pessoa !== null && !person?.ativo) return null;
      if (res && !res.headersSent) setSessionCookie(req, res, token);
      return person ? { autor: person.nome, id_pessoa: person.id, papel: person.papel } : { autor: session.autor, id_pessoa: null, papel: 'administrador' };
    },
    async close(req, res) {
      const token = sessionToken(req);
      if (token) await store.delete(sessionDigest(token));
      clearSessionCookie(req, res);
    },
  };
}
