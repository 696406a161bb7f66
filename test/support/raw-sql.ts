import Database from 'better-sqlite3';
import pg from 'pg';

/**
 * Runs one statement on a store's database behind the repository's back: for tests that must prove a
 * read comes from a table the repository alone keeps consistent.
 */
export async function runRawSql(target: { url?: string | undefined; path?: string | undefined }, statement: string): Promise<void> {
  if (target.url) {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
    return;
  }
  if (!target.path) throw new Error('runRawSql: a store with neither url nor path');
  const db = new Database(target.path);
  try {
    db.exec(statement);
  } finally {
    db.close();
  }
}
