import type { RequestHandler } from 'express';
import { MESSAGES } from '../lib/messages.js';
import { commandOf } from './command.js';
import { sendFailure } from './envelope.js';

/** The API's answer to an address the failed-key limiter stopped: 429 in the spec's envelope. */
export const refuseTooManyKeyFailures: RequestHandler = (_req, res) => {
  sendFailure(res, 429, commandOf(res), [MESSAGES.tooManyKeyFailures]);
};
