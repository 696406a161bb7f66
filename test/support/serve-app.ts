/**
 * The real app (createApp, real config and storage) listening on a free port in its own process, for
 * tests that must kill a server for real. Prints "ouvindo <port>" once ready. No build needed.
 */
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/app.js';
import { createAppContext } from '../../src/http/app-context.js';
import { loadConfig } from '../../src/config.js';
import { openRepository } from '../../src/open-storage.js';
import { createLogger } from '../../src/logger.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';

const config = loadConfig();
const logger = createLogger(config);
const repo = await openRepository(config, logger);
const app = createApp(createAppContext({ config, repo, logger, assets: DEV_ASSETS, clientDir: 'public', staticDir: 'dist/static' }));
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`ouvindo ${(server.address() as AddressInfo).port}\n`);
});
