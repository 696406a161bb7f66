import express, { type RequestHandler } from 'express';
import { ApiError } from './api-error.js';
import { LIMITS, MESSAGES } from './messages.js';

const parse = express.json({ limit: LIMITS.jsonBody, strict: true });

/** JSON bodies only, up to 1 MB; parse errors are mapped to envelopes by the API error handler. */
export const jsonBody: RequestHandler[] = [
  (req, _res, next) => {
    next(req.is('application/json') ? undefined : new ApiError(415, MESSAGES.jsonContentType));
  },
  parse,
  (req, _res, next) => {
    const body: unknown = req.body;
    const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
    next(isObject ? undefined : new ApiError(400, MESSAGES.jsonNotObject));
  },
];
