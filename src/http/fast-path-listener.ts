import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { FastPath } from './fast-path.js';

/** The server's request listener: the fast path first, Express for everything it leaves. */
export function withFastPath(fast: FastPath, app: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    fast.handle(req, res, () => app(req, res));
  };
}
