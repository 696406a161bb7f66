import type { Request, Response } from 'express';
import { ApiError } from '../lib/api-error.js';
import { MESSAGES } from '../lib/messages.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import type { Role } from '../people/roles.js';
import type { EditorSessions } from './editor-sessions.js';
import { WORKFLOW_MESSAGES } from './messages.js';
import { isSameOrigin } from './same-origin.js';
import { hasSessionCookie } from './session-cookie.js';

export interface Editor {
  author: string;
  /** Which of the three credentials proved it. */
  via: 'chave' | 'bearer' | 'sessao';
  /** An editor key acts as an administrator (issue 17); a person has their own role. */
  role: Role;
  /** The person behind a session opened with a password; null for an editor key. */
  personId: number | null;
}

export interface EditorAuth {
  /**
   * The editor behind a write: the spec's `key` field (JSON or multipart, parsed before this runs),
   * `Authorization: Bearer <key>`, or the session cookie (only from this site's own pages: Origin is
   * checked). A wrong key is a 403 (counted; 429 past the failed-key limit), a dead session a 401 (not
   * counted: an editor whose session timed out is no attacker), no credential at all a 403.
   */
  authorize(req: Request, res: Response): Promise<Editor>;
  /** The same for reads only editors may make (the history): no Origin check, since a read changes nothing. */
  authorizeRead(req: Request, res: Response): Promise<Editor>;
  /**
   * authorize() for registering a passkey, the one thing a person whose role requires a passkey may do
   * before having one (everything else answers 403 until then).
   */
  authorizePasskeySetup(req: Request, res: Response): Promise<Editor>;
  /**
   * For reads anyone may make, where an editor sees more: null without a credential. A dead or unknown
   * session counts as none, so a stale cookie never turns a public read into a 401; a wrong key is
   * still refused and counted, or guessing keys on reads would be free.
   */
  identify(req: Request, res: Response): Promise<Editor | null>;
}

/** The editor behind a key sent with a request (the spec's `key` field or Bearer): personal-keys.ts. */
export type KeyResolver = (req: Request, key: unknown, via: 'chave' | 'bearer') => Promise<Editor>;

/** What a request presented: an editor, a session cookie that opens no session, or nothing. */
type Presented = Editor | 'dead-session' | null;

function bodyKey(req: Request): unknown {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const key = (body as Record<string, unknown>).key;
  // The form of a signed-in editor sends the hidden key field empty.
  return typeof key === 'string' && key.trim() === '' ? undefined : (key ?? undefined);
}

function bearerKey(req: Request): string | undefined {
  const match = /^Bearer[ \t]+(\S.*)$/i.exec(req.get('authorization') ?? '');
  return match?.[1];
}

function required(presented: Presented): Editor {
  if (presented === 'dead-session') throw new ApiError(401, WORKFLOW_MESSAGES.sessionMissing);
  if (!presented) throw new ApiError(403, MESSAGES.keyMissing);
  return presented;
}

/** Whether a person's role requires a passkey they have not registered yet. */
export type PasskeyPending = (id_pessoa: number, papel: Role) => Promise<boolean>;

export function createEditorAuth(resolveKey: KeyResolver, sessions: Pick<EditorSessions, 'read'>, siteUrl: string, passkeyPending: PasskeyPending): EditorAuth {
  const credential = async (req: Request, res: Response, checkOrigin: boolean): Promise<Presented> => {
    const key = bodyKey(req);
    if (key !== undefined) return resolveKey(req, key, 'chave');
    const bearer = bearerKey(req);
    if (bearer !== undefined) return resolveKey(req, bearer, 'bearer');
    if (!hasSessionCookie(req)) return null;
    if (checkOrigin && !isSameOrigin(req, siteUrl)) throw new ApiError(403, WORKFLOW_MESSAGES.originRefused);
    const session = await sessions.read(req, res);
    if (!session) return 'dead-session';
    return { author: session.autor, via: 'sessao', role: session.papel, personId: session.id_pessoa };
  };
  const present = async (req: Request, res: Response, checkOrigin: boolean, setup = false): Promise<Presented> => {
    const presented = await credential(req, res, checkOrigin);
    if (!setup && presented && presented !== 'dead-session' && presented.personId !== null && (await passkeyPending(presented.personId, presented.role))) {
      throw new ApiError(403, PEOPLE_MESSAGES.passkeyRequired);
    }
    return presented;
  };

  return {
    authorize: async (req, res) => required(await present(req, res, true)),
    authorizeRead: async (req, res) => required(await present(req, res, false)),
    authorizePasskeySetup: async (req, res) => required(await present(req, res, true, true)),
    async identify(req, res) {
      const presented = await present(req, res, false);
      return presented === 'dead-session' ? null : presented;
    },
  };
}
