import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, inject } from 'vitest';
import { openPostgresRepository, openSqliteRepository } from '../../src/open-storage.js';
import type { Repository } from '../../src/db/storage.js';
import { createLogger } from '../../src/logger.js';
import { createScratchDatabase } from '../support/postgres.js';

export const silentLogger = createLogger({ logLevel: 'silent' });

/** One empty store of an adapter: open() may be called again for another instance on the same data. */
export interface Store {
  /** The connection string, for PostgreSQL stores. */
  url?: string;
  /** The file, for SQLite stores. */
  path?: string;
  open(): Promise<Repository>;
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

/**
 * A fresh, empty store of the adapter for every test of the calling suite. The two objects stand for the
 * current test's store and repository: each property read goes to the one the running test opened, so a
 * suite's helpers can close over them as they would over a variable.
 */
export function storePerTest(adapter: Adapter): { store: Store; repo: Repository; reopen(whileClosed?: () => Promise<void>): Promise<void> } {
  let current: { store: Store; repo: Repository } | undefined;
  beforeEach(async () => {
    const store = await adapter.createStore();
    current = { store, repo: await store.open() };
  });
  afterEach(async () => {
    await current?.repo.close();
    await current?.store.destroy();
    current = undefined;
  });
  const forward = <T extends object>(pick: (open: { store: Store; repo: Repository }) => T): T =>
    new Proxy({} as T, {
      get(_, property) {
        if (!current) throw new Error('storePerTest: use the store inside a test');
        const target = pick(current);
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  return {
    store: forward((open) => open.store),
    repo: forward((open) => open.repo),
    /** Closes the test's repository and opens its store again, as a restarted server would (`whileClosed` runs in between). */
    async reopen(whileClosed?: () => Promise<void>) {
      if (!current) throw new Error('storePerTest: reopen inside a test');
      await current.repo.close();
      await whileClosed?.();
      current.repo = await current.store.open();
    },
  };
}
