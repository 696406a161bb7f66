import type { RequestListener } from 'node:http';
import request from 'supertest';
import { createFastPath, type FastPath } from '../../src/http/fast-path.js';
import { withFastPath } from '../../src/http/fast-path-listener.js';
import type { TestApp } from './app.js';
import { fromPageCache } from './page-cache.js';

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
    { name: 'Express', listener: t.app as unknown as RequestListener },
    { name: 'caminho rápido', listener: withFastPath(fast, t.app as unknown as RequestListener), fast },
  ];
}

/** The first visitor of a news page gets it rendered; the cached copy is ready moments later. */
export async function warmNewsPage(listener: RequestListener, path: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const res = await request(listener).get(path);
    if (fromPageCache(res.headers)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} não entrou no cache`);
}
