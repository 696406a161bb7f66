import type { Request } from 'express';

/**
 * Errors the client caused, as Express and body-parser report them: a URL that does not decode
 * (router sets status 400 on its URIError), a body that does not decompress (zlib error wrapped in
 * status 400), a request aborted half-way. They are answered 4xx and logged at warn without a stack,
 * so nobody can flood the error log with them.
 */

export type ClientErrorKind = 'url' | 'compressed-body' | 'aborted' | 'other';

export interface ClientError {
  status: number;
  kind: ClientErrorKind;
  /** One line for the log; never the stack. */
  reason: string;
}

interface HttpErrorLike {
  status?: unknown;
  statusCode?: unknown;
  type?: unknown;
  code?: unknown;
  name?: unknown;
  message?: unknown;
}

const ABORT_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * An abort code is the client's only when the client's connection is gone: the same codes come from
 * the database's socket (PostgreSQL stopped resets it), and answering that with a dropped connection
 * instead of a 503 failed the client's request outright. `req.destroyed` alone is no sign: Node
 * destroys every request once its body has been read, so a write would lose its answer.
 */
function clientIsGone(req: Request): boolean {
  return req.socket.destroyed || (req.destroyed && !req.complete);
}

function kindOf(error: HttpErrorLike, req: Request): ClientErrorKind {
  if (error.type === 'request.aborted') return 'aborted';
  if (typeof error.code === 'string' && ABORT_CODES.has(error.code) && clientIsGone(req)) return 'aborted';
  if (error.name === 'URIError') return 'url';
  // zlib's codes: Z_DATA_ERROR, Z_BUF_ERROR (gzip, deflate), ERR__ERROR_FORMAT_* (brotli).
  if (typeof error.code === 'string' && /^(Z_|ERR__)/.test(error.code)) return 'compressed-body';
  return 'other';
}

export function clientError(error: unknown, req: Request): ClientError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate = error as HttpErrorLike;
  const kind = kindOf(candidate, req);
  const status = Number(candidate.status ?? candidate.statusCode);
  const isClientStatus = Number.isInteger(status) && status >= 400 && status < 500;
  if (!isClientStatus && kind !== 'aborted') return undefined;
  return { status: isClientStatus ? status : 400, kind, reason: String(candidate.message ?? kind) };
}

/** The two levels this needs, so lib/ stays below the logger module (pino's Logger fits). */
interface ClientErrorLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/** One line without a stack; an aborted request is routine (a closed tab), not a warning. */
export function logClientError({ logger }: { logger: ClientErrorLog }, req: Request, failure: ClientError): void {
  const fields = { method: req.method, url: req.originalUrl, status: failure.status, reason: failure.reason };
  if (failure.kind === 'aborted') logger.info(fields, 'requisição abortada pelo cliente');
  else logger.warn(fields, 'requisição inválida');
}
