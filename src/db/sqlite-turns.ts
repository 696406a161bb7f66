import { resolve } from 'node:path';
import type { DatabaseConnection, Driver, TransactionSettings } from 'kysely';

/** First come, first served; lock() resolves when the caller holds it. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();
  /** Callers holding the lock (0 or 1) or waiting for it: what the pool metrics show of SQLite's one connection. */
  asked = 0;

  lock(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    this.asked += 1;
    const acquired = this.tail.then(() => () => {
      this.asked -= 1;
      release();
    });
    this.tail = this.tail.then(() => held);
    return acquired;
  }
}

/**
 * One turn at a time per database file in this process. Kysely gives each opened database its own
 * turn, but two databases opened on the same file in one process (a second instance in the tests, the
 * seed beside the app) would otherwise deadlock: a transaction awaiting between its statements holds
 * SQLite's write lock, and the other connection's BEGIN waits for it synchronously, stopping the very
 * event loop that would let it finish. Another process on the file waits in SQLite's busy handler.
 */
const fileTurnRegistry = new Map<string, Mutex>();

function turnsOf(path: string): Mutex {
  if (path === ':memory:') return new Mutex();
  const file = resolve(path);
  let turns = fileTurnRegistry.get(file);
  if (!turns) {
    turns = new Mutex();
    fileTurnRegistry.set(file, turns);
  }
  return turns;
}

/** Kysely's SQLite driver, holding its connection only during the file's turn. */
export class TurnTakingDriver implements Driver {
  private readonly turns: Mutex;
  private release: (() => void) | undefined;

  constructor(
    private readonly driver: Driver,
    path: string,
  ) {
    this.turns = turnsOf(path);
  }

  /** The file's one connection as a pool: in use while a turn is held, the other callers waiting for theirs. */
  poolStats(): { total: number; idle: number; waiting: number } {
    const { asked } = this.turns;
    return { total: 1, idle: asked === 0 ? 1 : 0, waiting: Math.max(0, asked - 1) };
  }

  init(): Promise<void> {
    return this.driver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.turns.lock();
    try {
      const connection = await this.driver.acquireConnection();
      this.release = release;
      return connection;
    } catch (error) {
      release();
      throw error;
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.driver.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.driver.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.driver.rollbackTransaction(connection);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.driver.releaseConnection(connection);
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  destroy(): Promise<void> {
    return this.driver.destroy();
  }
}
