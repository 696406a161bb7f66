import type { RequestHandler, Response } from 'express';

/** Names the operation in the envelope's `command`, also for errors raised before the handler runs. */
export function command(name: string): RequestHandler {
  return (_req, res, next) => {
    res.locals.apiCommand = name;
    next();
  };
}

export function commandOf(res: Response): string {
  return typeof res.locals.apiCommand === 'string' ? res.locals.apiCommand : 'desconhecido';
}
