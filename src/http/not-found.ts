import type { RequestHandler } from 'express';
import type { AppDeps } from '../app-deps.js';

export function notFoundHandler(_deps: AppDeps): RequestHandler {
  return (_req, res) => {
    res.status(404).type('text/plain; charset=utf-8').send('Página não encontrada.');
  };
}
