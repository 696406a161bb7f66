import { existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

/** The most pages SQLite copies in one step: all of them, so the copy is one read of one moment. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the live database at `source` into `target` with SQLite's online backup API while the site
 * keeps writing: the pages are copied in one step inside one read transaction (WAL lets writers go on),
 * so the copy is the database as it was at one instant, every committed write before it included.
 * Images live in the database, so they are in the copy.
 */
export async function backupSqlite(source: string, target: string): Promise<{ pages: number; bytes: number }> {
  const db = new Database(source, { readonly: true, fileMustExist: true });
  let pages: number;
  try {
    pages = (await db.backup(target, { progress: () => ALL_PAGES })).totalPages;
  } finally {
    db.close();
  }
  // A file on its own, in rollback mode: reading it later (checks, restore) leaves no -wal or -shm beside it.
  const copy = new Database(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  return { pages, bytes: (await stat(target)).size };
}

/**
 * Whether a server has the database at `path` open. Every connection to a WAL database holds a shared
 * lock for as long as it is open, so an exclusive lock is refused while any instance runs on it.
 */
export function inUse(path: string): boolean {
  if (!existsSync(path)) return false;
  const db = new Database(path, { fileMustExist: true, timeout: 200 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    db.close();
  }
}

/** The highest migration a database file has applied (0 for none), read without changing it. */
export function fileSchemaVersion(path: string): number {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
    if (!table) return 0;
    const row = db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as { version: number | null };
    return row.version ?? 0;
  } finally {
    db.close();
  }
}

/** SQLite's own check of every page and index of a file. */
export function integrityProblems(path: string): string[] {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((row) => row.integrity_check).filter((result) => result !== 'ok');
  } finally {
    db.close();
  }
}

/**
 * Puts `backup` in place of the database at `target` (whose server is stopped): the current file, if
 * any, is kept beside it as `<target>.antes-da-restauracao-<time>`, its WAL and shared-memory files
 * removed (a stale WAL would be replayed over the restored pages), and the copy renamed into place.
 * Answers where the previous file went.
 */
export async function replaceDatabase(backup: string, target: string, now: Date): Promise<string | undefined> {
  const staged = `${target}.restaurando`;
  await mkdir(dirname(target), { recursive: true });
  const copy = new Database(backup, { readonly: true, fileMustExist: true });
  try {
    await copy.backup(staged, { progress: () => ALL_PAGES });
  } finally {
    copy.close();
  }
  let previous: string | undefined;
  if (existsSync(target)) {
    // Its last commits may still be in its WAL: written into the file first, so the kept copy is whole.
    const current = new Database(target, { fileMustExist: true });
    current.pragma('wal_checkpoint(TRUNCATE)');
    current.close();
    previous = `${target}.antes-da-restauracao-${now.toISOString().replace(/[:.]/g, '-')}`;
    await rename(target, previous);
  }
  await rm(`${target}-wal`, { force: true });
  await rm(`${target}-shm`, { force: true });
  await rename(staged, target);
  return previous;
}
