import type { Request, Response } from 'express';
import { ApiError } from '../lib/api-error.js';
import { MESSAGES } from '../lib/messages.js';
import type { EditorKey } from '../config.js';
import type { EditorSessions } from './editor-sessions.js';
import { WORKFLOW_MESSAGES } from './messages.js';
import { isSameOrigin } from './same-origin.js';
import { hasSessionCookie } from './session-cookie.js';

export interface Editor {
  author: string;
  /** Which of the three credentials proved it. */
  via: 'chave' | 'bearer' | 'sessao';
}

export interface EditorAuth {
  /**
   * The editor behind a write: the spec's `key` field (JSON or multipart, parsed before this runs),
   * `Authorization: Bearer <key>`, or the session cookie (only from this site's own pages: Origin is
   * checked). A wrong key is a 403 (counted by the failed-key limiter), a dead session a 401 (not
   * counted: an editor whose session timed out is no attacker), no credential at all a 403.
   */
  authorize(req: Request, res: Response): Promise<Editor>;
  /** The same for reads of non-public data: null when no credential was presented. */
  identify(req: Request, res: Response): Promise<Editor | null>;
}

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

export function createEditorAuth(
  checkKey: (key: unknown) => EditorKey,
  sessions: EditorSessions,
  siteUrl: string,
): EditorAuth {
  const identify = async (req: Request, res: Response, checkOrigin: boolean): Promise<Editor | null> => {
    const key = bodyKey(req);
    if (key !== undefined) return { author: checkKey(key).author, via: 'chave' };
    const bearer = bearerKey(req);
    if (bearer !== undefined) return { author: checkKey(bearer).author, via: 'bearer' };
    if (!hasSessionCookie(req)) return null;
    if (checkOrigin && !isSameOrigin(req, siteUrl)) {
      res.locals.keyNotJudged = true;
      throw new ApiError(403, WORKFLOW_MESSAGES.originRefused);
    }
    const session = await sessions.read(req, res);
    if (!session) throw new ApiError(401, WORKFLOW_MESSAGES.sessionMissing);
    return { author: session.autor, via: 'sessao' };
  };

  return {
    async authorize(req, res) {
      const editor = await identify(req, res, true);
      if (!editor) throw new ApiError(403, MESSAGES.keyMissing);
      return editor;
    },
    identify: (req, res) => identify(req, res, false),
  };
}
