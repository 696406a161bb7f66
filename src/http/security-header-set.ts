import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { AppDeps } from '../app-deps.js';
import { configuredHelmet } from './helmet-config.js';

/**
 * The headers helmet sets on a plain-HTTP response, captured by running it once on a throwaway
 * response: the fast path and Express both send exactly these.
 */
export type SecurityHeaders = [name: string, value: string | number | string[]][];

export function securityHeaderSet(deps: Pick<AppDeps, 'devServer'>): SecurityHeaders {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  const helmet = configuredHelmet(deps);
  let called = false;
  helmet(req as never, res as never, () => (called = true));
  if (!called) throw new Error('cabeçalhos de segurança: o middleware não terminou de forma síncrona');
  // Raw names keep helmet's spelling (Content-Security-Policy), so even the bytes on the wire match.
  // (Node has had getRawHeaderNames since 15.13; @types/node 20 does not declare it.)
  const names = (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames();
  return names.map((name) => [name, res.getHeader(name)!]);
}
