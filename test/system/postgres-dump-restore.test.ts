import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type RunningServer } from '../e2e/support/server.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { createArticleOver } from './support/api.js';

const run = promisify(execFile);
const bin = findPostgresBin();

/**
 * The README's PostgreSQL backup and restore ("Backup e restauração"), command for command:
 *   pg_dump --format=custom --file=site.dump "$DATABASE_URL"
 *   createdb --template=template0 site_restaurado   (here: with the cluster's host and port)
 *   pg_restore --no-owner --dbname="$NOVO_DATABASE_URL" site.dump
 */
describe.runIf(bin)('backup e restauração do PostgreSQL com pg_dump e pg_restore', () => {
  const work = mkdtempSync(join(tmpdir(), 'site-pg-dump-'));
  let cluster: PostgresCluster;
  let source: RunningServer;
  let restored: RunningServer | undefined;
  const ids: number[] = [];

  beforeAll(async () => {
    chmodSync(work, 0o777);
    cluster = await startPostgresCluster(bin!);
    source = await startBuiltServer({ DATABASE_URL: cluster.url, SEED_SAMPLE_ARTICLES: 'false' });
    for (let n = 0; n < 25; n += 1) ids.push(await createArticleOver(source.url, `Artigo ${n} no PostgreSQL`));
  });
  afterAll(async () => {
    await restored?.stop();
    await source?.stop();
    await cluster?.destroy();
    rmSync(work, { recursive: true, force: true });
  });

  it('um banco restaurado de um pg_dump serve os mesmos artigos numa instância nova', async () => {
    const dump = join(work, 'site.dump');
    await run(join(bin!, 'pg_dump'), ['--format=custom', `--file=${dump}`, cluster.url]);
    await run(join(bin!, 'createdb'), ['--template=template0', '-h', '127.0.0.1', '-p', String(cluster.port), '-U', 'postgres', 'site_restaurado']);
    const restoredUrl = cluster.url.replace(/\/postgres$/, '/site_restaurado');
    await run(join(bin!, 'pg_restore'), ['--no-owner', `--dbname=${restoredUrl}`, dump]);

    restored = await startBuiltServer({ DATABASE_URL: restoredUrl, SEED_SAMPLE_ARTICLES: 'false' });
    for (const id of ids) {
      const response = await fetch(`${restored.url}/api/artigos/${id}`);
      expect(response.status, `artigo ${id}`).toBe(200);
    }
    const next = await createArticleOver(restored.url, 'Depois da restauração');
    expect(next).toBeGreaterThan(Math.max(...ids));
  });
});
