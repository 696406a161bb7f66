/**
 * Entry point: read the configuration, open storage, build the app, listen, shut down gracefully.
 * Everything else lives in src/ (the app itself is built by createApp, which tests import).
 */
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { createApp } from './src/app.js';
import { ConfigError, loadConfig } from './src/config.js';
import { openRepository } from './src/db/open.js';
import { seedIfEmpty } from './src/db/seed.js';
import { createFastPath } from './src/http/fast-path.js';
import { withFastPath } from './src/http/fast-path-listener.js';
import { createDrain } from './src/http/graceful-shutdown.js';
import { serverOptions } from './src/http/server-options.js';
import { createLogger } from './src/logger.js';
import { EDITOR_KEY_FILE, withRememberedEditorKey } from './src/remembered-editor-key.js';
import { ensureStaticPages } from './src/marketing/static-pages.js';
import { DEV_ASSETS, readBuiltAssets } from './src/ssr/assets.js';
import { startPublishScheduler } from './src/workflow/publish-scheduler.js';

const SHUTDOWN_GRACE_MS = 8_000;

async function main() {
  const config = withRememberedEditorKey(loadConfig());
  const logger = createLogger(config);
  const repo = await openRepository(config, logger);
  if (config.seedSampleArticles) await seedIfEmpty(repo, logger);

  // The built server (npm start, the container) is dist/server/server.js and serves the build;
  // ./server.ts run by tsx (npm run dev) serves the sources through Vite. NODE_ENV only sets how strict
  // the configuration is, so `npm start` works on a fresh machine without an editor key.
  const built = import.meta.url.endsWith('/dist/server/server.js');
  const root = fileURLToPath(new URL(built ? '../' : './dist/', import.meta.url));
  const clientDir = built ? `${root}client` : 'public';
  const drain = createDrain(SHUTDOWN_GRACE_MS, () => logger.warn('tempo de encerramento esgotado; fechando conexões restantes'));
  let assets = DEV_ASSETS;
  let vite: import('vite').ViteDevServer | undefined;
  if (built) assets = readBuiltAssets(clientDir);
  else vite = await (await import('vite')).createServer({ server: { middlewareMode: true }, appType: 'custom' });
  const deps = { config, repo, logger, assets, clientDir, staticDir: '', devServer: !built };
  if (built) deps.staticDir = await ensureStaticPages(deps, `${root}static`);
  const app = createApp(deps);
  // The built server answers what it holds in memory, and renders news pages, before Express; under
  // Vite everything goes through Vite's middleware first, then Express.
  const listener = vite
    ? drain.listener(express().use(vite.middlewares, app))
    : withFastPath(createFastPath(deps, app.get('trust proxy fn'), () => drain.draining), drain.listener(app));

  const scheduler = startPublishScheduler(repo, logger, config.schedulerIntervalMs);
  const server = createServer(serverOptions(config), listener);
  server.listen(config.port, () => {
    logger.info({ port: config.port, database: repo.kind, env: config.env }, `servidor ouvindo em ${config.site.siteUrl}`);
    if (config.generatedEditorKey) {
      logger.warn(`EDITOR_KEYS não definida: chave de editor ${config.generatedEditorKey} (guardada em ${config.dataDir}/${EDITOR_KEY_FILE})`);
    }
  });

  const shutdown = (signal: string) => {
    if (drain.draining) return;
    logger.info({ signal }, 'encerrando: parando de aceitar conexões');
    drain.begin(server, async () => {
      await scheduler.stop();
      await repo.close();
      logger.info('encerrado');
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Falha ao iniciar o servidor:', error);
  }
  process.exit(1);
});
