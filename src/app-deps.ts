import type { Config } from './config.js';
import type { Repository } from './db/storage.js';
import type { Logger } from './logger.js';
import type { Assets } from './ssr/assets.js';

/** What every router and handler may depend on; built once by server.ts (or by a test). */
export interface AppDeps {
  config: Config;
  repo: Repository;
  logger: Logger;
  assets: Assets;
  /** Built client files and public/ (hashed assets, icons, manifest). */
  clientDir: string;
  /** Prerendered marketing pages with their .br/.gz variants. */
  staticDir: string;
  /** True only under `npm run dev`, where Vite's middleware serves the sources. */
  devServer?: boolean;
}
