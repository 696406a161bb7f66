import type { RequestListener } from 'node:http';
import { fileURLToPath } from 'node:url';
import express from 'express';
import type { AppContext } from './app-context.js';
import type { AppDeps } from '../app-deps.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { ensureStaticPages } from '../prerender/static-pages.js';
import { DEV_ASSETS, readBuiltAssets } from '../ssr/assets.js';
import { createFastPath } from './fast-path.js';
import { withFastPath } from './fast-path-listener.js';
import type { Drain } from './graceful-shutdown.js';

/**
 * How this process serves: the build (dist/server/server.js: `npm start`, the container), answering what
 * it holds in memory and rendering public pages ahead of Express; or the sources through Vite's
 * middleware (./server.ts run by tsx: `npm run dev`). NODE_ENV only sets how strict the configuration
 * is, so `npm start` works on a fresh machine without an editor key.
 */
export interface ServeMode {
  /** The built client, the prerendered pages for this configuration, and the asset URLs pages link to. */
  files(config: Config, logger: Logger): Promise<Pick<AppDeps, 'assets' | 'clientDir' | 'staticDir' | 'devServer'>>;
  listener(ctx: AppContext, app: RequestListener & { get(name: string): unknown }, drain: Drain): Promise<RequestListener>;
}

export function serveMode(serverModuleUrl: string): ServeMode {
  const built = serverModuleUrl.endsWith('/dist/server/server.js');
  const root = fileURLToPath(new URL(built ? '../' : './dist/', serverModuleUrl));
  if (built) {
    return {
      async files(config, logger) {
        const assets = readBuiltAssets(`${root}client`);
        return { assets, clientDir: `${root}client`, staticDir: await ensureStaticPages({ config, assets, logger }, `${root}static`) };
      },
      async listener(ctx, app, drain) {
        const trust = app.get('trust proxy fn') as Parameters<typeof createFastPath>[1];
        return withFastPath(createFastPath(ctx, trust, () => drain.draining), drain.listener(app));
      },
    };
  }
  return {
    files: async () => ({ assets: DEV_ASSETS, clientDir: 'public', staticDir: '', devServer: true }),
    async listener(_ctx, app, drain) {
      const vite = await (await import('vite')).createServer({ server: { middlewareMode: true }, appType: 'custom' });
      return drain.listener(express().use(vite.middlewares, app));
    },
  };
}
