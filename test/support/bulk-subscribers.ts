import Database from 'better-sqlite3';
import pg from 'pg';

/**
 * Confirmed subscribers written straight into the table, thousands per statement: signing up and
 * confirming 100,000 through the store would take longer than sending them an edition. Every one has
 * no topic (every article), and `leitor<n>@clinica.test` as its address.
 */
export const bulkSubscriberEmail = (n: number) => `leitor${n}@clinica.test`;

const COLUMNS = 'id, email, estado, temas, criado_em, confirmado_em, consentimento_texto, consentimento_versao, consentimento_em';
/** Rows per statement: SQLite allows 32,766 bound values, PostgreSQL 65,535. */
const ROWS_PER_STATEMENT = 2_000;
const FIELDS = 6;

function rows(from: number, to: number, now: string): unknown[] {
  const values: unknown[] = [];
  for (let n = from; n < to; n += 1) values.push(`inscrito-${String(n).padStart(7, '0')}`, bulkSubscriberEmail(n), now, now, 'consentimento de teste', now);
  return values;
}

export async function seedPostgresSubscribers(url: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const now = new Date().toISOString();
  try {
    for (let from = 0; from < count; from += ROWS_PER_STATEMENT) {
      const to = Math.min(count, from + ROWS_PER_STATEMENT);
      const placeholders = Array.from({ length: to - from }, (_, row) => {
        const at = row * FIELDS;
        return `($${at + 1}, $${at + 2}, 'confirmado', '[]', $${at + 3}, $${at + 4}, $${at + 5}, 'v1', $${at + 6})`;
      });
      await client.query(`INSERT INTO boletim_inscritos (${COLUMNS}) VALUES ${placeholders.join(', ')}`, rows(from, to, now));
    }
  } finally {
    await client.end();
  }
  return Array.from({ length: count }, (_, n) => bulkSubscriberEmail(n));
}

export function seedSqliteSubscribers(path: string, count: number): string[] {
  const db = new Database(path);
  const now = new Date().toISOString();
  try {
    const insert = db.prepare(`INSERT INTO boletim_inscritos (${COLUMNS}) VALUES (?, ?, 'confirmado', '[]', ?, ?, ?, 'v1', ?)`);
    const batch = db.transaction((from: number, to: number) => {
      const values = rows(from, to, now);
      for (let at = 0; at < values.length; at += FIELDS) insert.run(...values.slice(at, at + FIELDS));
    });
    for (let from = 0; from < count; from += ROWS_PER_STATEMENT) batch(from, Math.min(count, from + ROWS_PER_STATEMENT));
  } finally {
    db.close();
  }
  return Array.from({ length: count }, (_, n) => bulkSubscriberEmail(n));
}
