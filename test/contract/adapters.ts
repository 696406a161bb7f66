import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openPostgresRepository, openSqliteRepository } from '../../src/db/open.js';
import type { ArticleRepository } from '../../src/db/repository.js';
import { createLogger } from '../../src/logger.js';
import { createScratchDatabase } from '../support/postgres.js';

export const silentLogger = createLogger({ logLevel: 'silent' });

/** One empty store of an adapter: open() may be called again for another instance on the same data. */
export interface Store {
  /** The connection string, for PostgreSQL stores. */
  url?: string;
  /** The file, for SQLite stores. */
  path?: string;
  open(): Promise<ArticleRepository>;
  destroy(): Promise<void>;
}

export interface Adapter {
  name: 'sqlite' | 'postgres';
  createStore(): Promise<Store>;
}

const sqlite: Adapter = {
  name: 'sqlite',
  async createStore() {
    const dir = mkdtempSync(join(tmpdir(), 'contrato-'));
    const path = join(dir, 'pasta-nova', 'site.db');
    return {
      path,
      open: () => openSqliteRepository(path, silentLogger),
      destroy: async () => rmSync(dir, { recursive: true, force: true }),
    };
  },
};

export function postgresAdapter(serverUrl: string): Adapter {
  return {
    name: 'postgres',
    async createStore() {
      const database = await createScratchDatabase(serverUrl);
      return { url: database.url, open: () => openPostgresRepository(database.url, silentLogger), destroy: database.drop };
    },
  };
}

/** Every adapter this machine can test; PostgreSQL only when the global setup found a server. */
export function availableAdapters(): Adapter[] {
  const postgresUrl = inject('postgresUrl');
  return postgresUrl ? [sqlite, postgresAdapter(postgresUrl)] : [sqlite];
}
