import type { IncomingHttpHeaders } from 'node:http';
import express, { type RequestHandler } from 'express';
import { ApiError } from '../lib/api-error.js';
import { LIMITS, MESSAGES } from '../lib/messages.js';

const parse = express.json({ limit: LIMITS.jsonBody, strict: true });

function hasBody(headers: IncomingHttpHeaders): boolean {
  return headers['transfer-encoding'] !== undefined || (headers['content-length'] ?? '0') !== '0';
}

/**
 * JSON bodies only, up to 1 MB; parse errors are mapped to envelopes by the API error handler.
 * A request without any body counts as {}, so defaults and the key check give the answer.
 */
export const JSON_BODY: RequestHandler[] = [
  (req, _res, next) => {
    if (!hasBody(req.headers)) req.body = {};
    next(!req.body && !req.is('application/json') ? new ApiError(415, MESSAGES.jsonContentType) : undefined);
  },
  parse,
  (req, _res, next) => {
    const body: unknown = req.body;
    const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
    next(isObject ? undefined : new ApiError(400, MESSAGES.jsonNotObject));
  },
];
