import { join } from 'node:path';
import type { AppDeps } from '../app-deps.js';
import { pagesStamp, prerenderPages, readStamp } from './prerender-pages.js';

/**
 * Returns the directory holding the prerendered marketing pages for this configuration.
 *
 * The build prerenders with the configuration of the build machine. When the running server differs
 * (SITE_URL or APP_URL set at deploy time, as in a container), the pages are rendered again once at
 * start-up into DATA_DIR/static/<stamp>: one directory per configuration, written atomically and never
 * changed afterwards, so two instances with different SITE_URLs on one DATA_DIR (a blue/green deploy)
 * never rewrite files the other serves. The server loads the set into memory once anyway.
 * Only the built server calls this; under `npm run dev` the marketing router renders on demand.
 */
export async function ensureStaticPages(deps: Pick<AppDeps, 'config' | 'assets' | 'logger'>, builtDir: string): Promise<string> {
  const { config, assets, logger } = deps;
  const expected = pagesStamp(config.site, assets);
  if (readStamp(builtDir) === expected) return builtDir;

  const runtimeDir = join(config.dataDir, 'static', expected);
  if (readStamp(runtimeDir) !== expected) {
    const files = await prerenderPages(config.site, assets, runtimeDir, { replace: false });
    logger.info({ dir: runtimeDir, files }, 'páginas estáticas renderizadas novamente para a configuração atual');
  }
  return runtimeDir;
}
