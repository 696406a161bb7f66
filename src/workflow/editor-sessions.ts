import type { Request, Response } from 'express';
import type { SessionStore } from '../db/repository.js';
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
  open(req: Request, res: Response, key: unknown): Promise<{ autor: string }>;
  /** The session's author, sliding its expiry (and the cookie's, when res is given); null when there is none. */
  read(req: Request, res?: Response): Promise<{ autor: string } | null>;
  /** Ends the session, if any, and clears the cookie. */
  close(req: Request, res: Response): Promise<void>;
}

const expiry = (from: number) => new Date(from + SESSION_IDLE_MS).toISOString();

export function createEditorSessions(store: SessionStore, judgeKey: KeyJudge): EditorSessions {
  return {
    async open(req, res, key) {
      const editor = judgeKey(req, key);
      const token = newSessionToken();
      await store.create({ id: sessionDigest(token), autor: editor.author, expira_em: expiry(Date.now()) });
      setSessionCookie(req, res, token);
      return { autor: editor.author };
    },

    async read(req, res) {
      const token = sessionToken(req);
      if (!token) return null;
      const now = Date.now();
      const session = await store.touch(sessionDigest(token), new Date(now).toISOString(), expiry(now));
      if (session && res && !res.headersSent) setSessionCookie(req, res, token);
      return session;
    },

    async close(req, res) {
      const token = sessionToken(req);
      if (token) await store.delete(sessionDigest(token));
      clearSessionCookie(req, res);
    },
  };
}
