import type { ErrorRequestHandler, Request } from 'express';
import multer from 'multer';
import { ArticleNotFoundError } from '../db/repository.js';
import type { Repository } from '../db/storage.js';
import { RETRY_AFTER_SECONDS, storageUnavailable } from '../db/storage-unavailable.js';
import { clientError, logClientError, type ClientErrorKind } from '../lib/client-error.js';
import type { Logger } from '../logger.js';
import { ApiError } from '../lib/api-error.js';
import { commandOf } from './command.js';
import { sendFailure } from './envelope.js';
import { MESSAGES } from '../lib/messages.js';
import { TooManyKeyFailures } from '../workflow/failed-key-limiter.js';

/** body-parser's error types for problems the client caused. */
const BODY_ERRORS: Record<string, { status: number; message: string }> = {
  'entity.parse.failed': { status: 400, message: MESSAGES.jsonMalformed },
  'entity.too.large': { status: 413, message: MESSAGES.bodyTooLarge },
  'encoding.unsupported': { status: 415, message: MESSAGES.unsupportedEncoding },
  'charset.unsupported': { status: 415, message: MESSAGES.unsupportedEncoding },
  'request.size.invalid': { status: 400, message: MESSAGES.jsonMalformed },
};

const UPLOAD_ERRORS: Partial<Record<multer.ErrorCode, { status: number; message: string }>> = {
  LIMIT_FILE_SIZE: { status: 413, message: MESSAGES.uploadTooLarge },
  LIMIT_FILE_COUNT: { status: 400, message: MESSAGES.uploadOneFile },
  LIMIT_UNEXPECTED_FILE: { status: 400, message: MESSAGES.uploadOneFile },
  LIMIT_FIELD_VALUE: { status: 413, message: MESSAGES.uploadFieldsTooLarge },
  LIMIT_FIELD_COUNT: { status: 413, message: MESSAGES.uploadFieldsTooLarge },
  LIMIT_FIELD_KEY: { status: 413, message: MESSAGES.uploadFieldsTooLarge },
  LIMIT_PART_COUNT: { status: 413, message: MESSAGES.uploadFieldsTooLarge },
};

const CLIENT_ERRORS: Record<Exclude<ClientErrorKind, 'aborted'>, string> = {
  url: MESSAGES.urlMalformed,
  'compressed-body': MESSAGES.bodyNotDecompressible,
  other: MESSAGES.badRequest,
};

function known(error: unknown, req: Request): { status: number; messages: string[] } | undefined {
  if (error instanceof ApiError) return { status: error.status, messages: error.messages };
  if (error instanceof ArticleNotFoundError) return { status: 404, messages: [MESSAGES.articleNotFound] };
  if (error instanceof multer.MulterError) {
    const mapped = UPLOAD_ERRORS[error.code] ?? { status: 400, message: MESSAGES.uploadNotMultipart };
    return { status: mapped.status, messages: [mapped.message] };
  }
  const type = (error as { type?: unknown } | null)?.type;
  if (typeof type === 'string' && BODY_ERRORS[type]) {
    return { status: BODY_ERRORS[type].status, messages: [BODY_ERRORS[type].message] };
  }
  const failure = clientError(error, req);
  if (failure && failure.kind !== 'aborted') return { status: failure.status, messages: [CLIENT_ERRORS[failure.kind]] };
  return undefined;
}

/**
 * Client errors become envelopes, and so does a database outage (503, so clients retry). Anything
 * else goes on to the site's error handler, which logs the stack with an id and answers 500 with it.
 */
export function createApiErrorHandler(repo: Repository, logger: Logger): ErrorRequestHandler {
  return async (error, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const client = clientError(error, req);
    if (client) logClientError({ logger }, req, client);
    if (client?.kind === 'aborted') {
      res.destroy();
      return;
    }
    const failure = known(error, req);
    if (failure) {
      // An upload refused half-way leaves bytes unread; drop them so the connection is not reused mid-body.
      if (!req.complete) res.setHeader('Connection', 'close');
      if (error instanceof TooManyKeyFailures) res.setHeader('Retry-After', String(error.retryAfterSeconds));
      sendFailure(res, failure.status, commandOf(res), failure.messages);
      return;
    }
    if (await storageUnavailable(repo, error)) {
      logger.warn({ err: error, url: req.originalUrl }, 'banco de dados indisponível');
      res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      sendFailure(res, 503, commandOf(res), [MESSAGES.storageUnavailable]);
      return;
    }
    next(error);
  };
}
