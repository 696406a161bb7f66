import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgresRepository, openSqliteRepository } from '../../src/open-storage.js';
import { searchTerms } from '../../src/lib/search-text.js';
import type { Repository } from '../../src/db/storage.js';
import { createScratchDatabase } from '../support/postgres.js';
import { silentLogger } from './adapters.js';

/** An existing database of schema version 4, restored where today's repository opens it. */
interface OldDatabase {
  name: string;
  open(): Promise<{ repo: Repository; discard(): Promise<void> }>;
}

const sqlite: OldDatabase = {
  name: 'SQLite',
  async open() {
    const dir = mkdtempSync(join(tmpdir(), 'atualizacao-'));
    copyFileSync('test/fixtures/databases/schema-4.sqlite', join(dir, 'site.db'));
    return { repo: await openSqliteRepository(join(dir, 'site.db'), silentLogger), discard: async () => rmSync(dir, { recursive: true, force: true }) };
  },
};

function postgres(serverUrl: string): OldDatabase {
  return {
    name: 'PostgreSQL',
    async open() {
      const database = await createScratchDatabase(serverUrl);
      // pg_dump's psql meta-commands (\restrict) are for psql; the rest is plain SQL.
      const dump = gunzipSync(readFileSync('test/fixtures/databases/schema-4.postgres.sql.gz'))
        .toString('utf8')
        .split('\n')
        .filter((line) => !line.startsWith('\\'))
        .join('\n');
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query(dump);
      } finally {
        await client.end();
      }
      return { repo: await openPostgresRepository(database.url, silentLogger), discard: database.drop };
    },
  };
}

const postgresUrl = inject('postgresUrl');
const oldDatabases = postgresUrl ? [sqlite, postgres(postgresUrl)] : [sqlite];

/**
 * A database written by the storage of schema version 4 (test/fixtures/databases/make-fixture.ts says
 * what it holds), opened by today's repository: whatever the storage becomes, an existing site's data
 * must come through whole, readable and writable.
 */
describe.each(oldDatabases)('an existing $name database of schema version 4, opened by today’s repository', (old) => {
  let repo: Repository;
  let discard: () => Promise<void>;
  beforeAll(async () => {
    ({ repo, discard } = await old.open());
  });
  afterAll(async () => {
    await repo.close();
    await discard();
  });

  it('keeps every article in its state, with its versions', async () => {
    const edited = await repo.articles.get(1);
    expect(edited).toMatchObject({ titulo: 'Publicado e editado', status: 'publicado', versao: 2, ja_publicado: true, imagem_nome: 'capa.jpg' });
    expect(edited!.data_publicacao).toBe('2026-03-01T12:00:00.000Z');
    expect((await repo.revisions.revisions(1)).map((revision) => [revision.versao, revision.autor, revision.acao])).toEqual([
      [2, 'Dr. Rafael Costa', 'editado'],
      [1, 'Dra. Helena Martins', 'criado'],
    ]);
    expect((await repo.revisions.revision(1, 1))?.snapshot).toMatchObject({ titulo: 'Publicado', conteudo: expect.stringContaining('histórico do paciente') });
    // Migration 14: no alternative text of its own yet, in the article and in its old revisions (the caption serves).
    expect(edited!.imagem_alt).toBeNull();
    expect((await repo.revisions.revision(1, 2))?.snapshot.imagem_alt).toBeNull();
    expect((await repo.articles.get(2))?.status).toBe('rascunho');
    expect((await repo.articles.get(3))).toMatchObject({ status: 'agendado', publicar_em: '2027-01-01T12:00:00.000Z' });
    expect((await repo.articles.get(5))).toMatchObject({ status: 'despublicado', ja_publicado: true });
    expect((await repo.articles.list({ pageIndex: 1, pageSize: 20 })).total).toBe(5);
  });

  it('shows the public only what is public, and remembers the removed article', async () => {
    const { items, total } = await repo.publicArticles.latest(1, 12);
    expect(items.map((article) => article.id).sort()).toEqual([1, 4]);
    expect(total).toBe(2);
    expect(await repo.articles.wasRemoved(6)).toBe(true);
    expect(await repo.articles.wasRemoved(2)).toBe(false);
  });

  it('indexes the articles it already had for the Portuguese search (migration 19)', async () => {
    expect((await repo.search.search({ terms: searchTerms('históricos'), pageIndex: 1, pageSize: 10 })).items.map((item) => item.id).sort()).toEqual([1, 4]);
  });

  it('keeps the processed image with its variants and the editor’s session', async () => {
    const [set] = await repo.images.imageSets([1]);
    expect(set?.nome).toBe('capa.jpg');
    expect(set?.variants.length).toBeGreaterThan(0);
    expect((await repo.images.getImage(1, 'capa.jpg'))?.bytes.length).toBeGreaterThan(1000);
    expect(await repo.sessions.touch('a'.repeat(64), new Date().toISOString(), '2031-01-01T00:00:00.000Z')).toEqual({ autor: 'Dra. Helena Martins', id_pessoa: null });
  });

  it('goes on working: an edit is the next version, and the due scheduled article is published once', async () => {
    const draft = (await repo.articles.get(2))!;
    const saved = await repo.articles.update(2, {
      autor: 'Editora',
      acao: 'editado',
      expectedVersion: draft.versao,
      content: { titulo: 'Rascunho revisto', titulo_url: draft.titulo_url, descricao: draft.descricao, keywords: draft.keywords, conteudo: draft.conteudo },
    });
    expect(saved.versao).toBe(2);
    expect(await repo.scheduling.publishDue(new Date().toISOString())).toEqual([4]);
    expect(await repo.scheduling.publishDue(new Date().toISOString())).toEqual([]);
    expect(await repo.articles.nextId()).toBe(7);
  });
});
