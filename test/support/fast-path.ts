import type { RequestListener } from 'node:http';
import { createFastPath, type FastPath } from '../../src/http/fast-path.js';
import { withFastPath } from '../../src/http/fast-path-listener.js';
import type { TestApp } from './app.js';

export interface ServingPath {
  name: string;
  listener: RequestListener;
  /** Set on the fast path: how many responses it sent itself. */
  fast?: FastPath;
}

/** The same app answered by Express alone, and with the in-memory fast path in front (as the built server runs). */
export function servingPaths(t: TestApp): ServingPath[] {
  const fast = createFastPath(t.deps, t.app.get('trust proxy fn'));
  return [
    { name: 'Express', listener: t.app },
    { name: 'caminho rápido', listener: withFastPath(fast, t.app), fast },
  ];
}
