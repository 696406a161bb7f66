import type { RequestHandler } from 'express';
import type { AppDeps } from '../app-deps.js';

export function healthHandler({ repo }: Pick<AppDeps, 'repo'>): RequestHandler {
  return async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    try {
      await repo.ping();
      res.json({ status: 'ok', database: repo.kind });
    } catch {
      res.status(503).json({ status: 'indisponivel', database: repo.kind });
    }
  };
}
