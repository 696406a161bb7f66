import type { RequestHandler, Response } from 'express';
import { signInPath } from './paths.js';
import type { EditorSession, SessionPort } from './ports.js';

/** Area pages need a signed-in editor; anyone else goes to the sign-in form and comes back after. */
export function requireSession(sessions: SessionPort): RequestHandler {
  return async (req, res, next) => {
    try {
      const session = await sessions.read(req);
      if (!session) {
        res.set('Cache-Control', 'no-store').redirect(303, signInPath(req.originalUrl));
        return;
      }
      res.locals.editorSession = session;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The session requireSession found; only valid in handlers placed after it. */
export function sessionOf(res: Response): EditorSession {
  const session = res.locals.editorSession as EditorSession | undefined;
  if (!session) throw new Error('sessionOf() sem requireSession() antes');
  return session;
}
