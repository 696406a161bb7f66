import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { currentRequestId } from '../lib/request-scope.js';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What a proxy or a caller may name a request: short, and nothing a log reader could mistake for markup or a new line. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The id a proxy in front gave the request (so both logs tell the same story), or a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}

/** Express's answers carry the id the access log gave the request (withAccessLog), as the fast path's do. */
export const requestIdHeader: RequestHandler = (_req, res, next) => {
  const id = currentRequestId();
  if (id !== undefined) res.setHeader(REQUEST_ID_HEADER, id);
  next();
};
