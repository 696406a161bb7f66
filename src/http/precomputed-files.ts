import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { AppDeps } from '../app-deps.js';
import { pageFileName } from '../prerender/prerender-pages.js';
import type { RouteTable } from '../routes/table.js';
import { precompute, type Precomputed } from './precomputed.js';

/** Revalidated on every visit: the URL stays, the content changes with each deploy. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/** The hash in the name changes with the content. */
export const HASHED_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const ASSET_TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
};

export interface PrecomputedFiles {
  /** By exact URL path: '/', '/prontivo', '/assets/site-abc123.css'. */
  byPath: Map<string, Precomputed>;
}

function readIfExists(path: string): Buffer | undefined {
  return existsSync(path) ? readFileSync(path) : undefined;
}

function load(dir: string, file: string, contentType: string, cacheControl: string): Precomputed {
  const path = join(dir, file);
  return precompute(contentType, cacheControl, readFileSync(path), { br: readIfExists(`${path}.br`), gzip: readIfExists(`${path}.gz`) });
}

/**
 * Reads the prerendered marketing pages and the hashed client assets into memory, once. After this
 * nothing is read from disk for them: a file rewritten later (another instance, a new build) can never
 * be served with a stale length.
 */
export function loadPrecomputedFiles({ staticDir, clientDir }: Pick<AppDeps, 'staticDir' | 'clientDir'>, routes: RouteTable): PrecomputedFiles {
  const byPath = new Map<string, Precomputed>();
  if (staticDir && existsSync(staticDir)) {
    for (const { path } of routes.prerendered) {
      byPath.set(path, load(staticDir, pageFileName(path), 'text/html; charset=utf-8', PAGE_CACHE_CONTROL));
    }
  }
  const assetsDir = join(clientDir, 'assets');
  if (existsSync(assetsDir)) {
    for (const name of readdirSync(assetsDir)) {
      const type = ASSET_TYPES[extname(name)];
      if (type) byPath.set(`/assets/${name}`, load(assetsDir, name, type, HASHED_CACHE_CONTROL));
    }
  }
  return { byPath };
}
