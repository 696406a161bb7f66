import type { Request, Response } from 'express';
import type { OpenSession, SessionStore, SignInMethod } from '../db/session-store.js';
import type { PeopleStore, Person } from '../db/people-store.js';
import type { Grant, Role } from '../people/roles.js';
import type { KeyJudge } from './failed-key-limiter.js';
import {
  SESSION_IDLE_MS,
  clearSessionCookie,
  sessionToken,
  setSessionCookie,
} from './session-cookie.js';
import { newSecretToken, secretDigest } from '../lib/secret-token.js';

export interface EditorSessions {
  /** Judges the key (ApiError 403 when wrong, 429 past the failed-key limit), stores a new session and sets its cookie. */
  open(req: Request, res: Response, key: unknown): Promise<SignedIn>;
  /** A session for a person whose password or passkey was checked. */
  openFor(req: Request, res: Response, person: Person, metodo: Exclude<SignInMethod, 'chave'>): Promise<void>;
  /**
   * Who the session is, sliding its expiry (and the cookie's, when res is given); null when there is
   * none. A person's name, role and granted rights are read at each request, so a change applies at once, on every
   * instance; an editor key's session is an administrator.
   */
  read(req: Request, res?: Response): Promise<SignedIn | null>;
  /** Ends the session, if any, and clears the cookie. */
  close(req: Request, res: Response): Promise<void>;
  /** The person's open sessions, the one this request came with marked. */
  listOwn(req: Request, id_pessoa: number): Promise<(OpenSession & { atual: boolean })[]>;
  /** Ends one of the person's sessions; false when it is not theirs. */
  endOwn(id_pessoa: number, id: string): Promise<boolean>;
}

export interface SignedIn {
  autor: string;
  id_pessoa: number | null;
  papel: Role;
  /** Rights granted beside the role (an editor key, an administrator, needs none). */
  permissoes: Grant[];
}

const expiry = (from: number) => new Date(from + SESSION_IDLE_MS).toISOString();

/** The stored id of the session this request came with (a digest of its cookie's secret); null without one. */
export function currentSessionId(req: Request): string | null {
  const token = sessionToken(req);
  return token ? secretDigest(token) : null;
}

/** An IPv4 client of a dual-stack socket arrives as ::ffff:a.b.c.d: its owner knows it as a.b.c.d. */
const readableAddress = (ip: string | undefined) => ip?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '') || null;

/** Enough of the User-Agent for its owner to recognise the browser, bounded for the table. */
const NAVIGATOR_LENGTH = 200;

export function createEditorSessions(store: SessionStore, people: PeopleStore, judgeKey: KeyJudge): EditorSessions {
  const start = async (req: Request, res: Response, autor: string, id_pessoa: number | null, metodo: SignInMethod) => {
    const token = newSecretToken();
    const navegador = req.get('user-agent')?.slice(0, NAVIGATOR_LENGTH) || null;
    await store.create({ id: secretDigest(token), autor, id_pessoa, expira_em: expiry(Date.now()), metodo, endereco: readableAddress(req.ip), navegador });
    setSessionCookie(req, res, token);
  };
  return {
    async open(req, res, key) {
      const editor = judgeKey(req, key);
      await start(req, res, editor.author, null, 'chave');
      return { autor: editor.author, id_pessoa: null, papel: 'administrador', permissoes: [] };
    },
    async openFor(req, res, person, metodo) {
      await start(req, res, person.nome, person.id, metodo);
    },
    async read(req, res) {
      const token = sessionToken(req);
      if (!token) return null;
      const now = Date.now();
      const session = await store.touch(secretDigest(token), new Date(now).toISOString(), expiry(now));
      if (!session) return null;
      const person = session.id_pessoa === null ? null : await people.get(session.id_pessoa);
      if (session.id_pessoa !== null && !person?.ativo) return null;
      if (res && !res.headersSent) setSessionCookie(req, res, token);
      return person
        ? { autor: person.nome, id_pessoa: person.id, papel: person.papel, permissoes: person.permissoes }
        : { autor: session.autor, id_pessoa: null, papel: 'administrador', permissoes: [] };
    },
    async close(req, res) {
      const token = sessionToken(req);
      if (token) await store.delete(secretDigest(token));
      clearSessionCookie(req, res);
    },
    async listOwn(req, id_pessoa) {
      const current = currentSessionId(req);
      const open = await store.listFor(id_pessoa, new Date().toISOString());
      return open.map((session) => ({ ...session, atual: session.id === current }));
    },
    endOwn: (id_pessoa, id) => store.deleteFor(id_pessoa, id),
  };
}
