import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArticleNotFoundError, type ArticleRepository, type RepositoryEvent } from '../../src/db/repository.js';
import { openSqliteRepository } from '../../src/db/sqlite-repository.js';
import { createLogger } from '../../src/logger.js';
import { createArticle } from '../support/app.js';

const logger = createLogger({ logLevel: 'silent' });

describe('contrato do repositório: sqlite', () => {
  let dir: string;
  let repo: ArticleRepository;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'contrato-'));
    repo = openSqliteRepository(join(dir, 'sub', 'site.db'), logger);
  });
  afterEach(async () => {
    await repo.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates, reads and lists newest first', async () => {
    expect(await repo.nextId()).toBe(1);
    const a = await createArticle(repo, { data_publicacao: '2025-01-01T10:00:00.000Z' });
    const b = await createArticle(repo, { data_publicacao: '2025-03-01T10:00:00.000Z' });
    expect(await repo.nextId()).toBe(3);
    const page = await repo.latest(1, 10);
    expect(page.total).toBe(2);
    expect(page.items.map((item) => item.id)).toEqual([b.id, a.id]);
  });

  it('saves images and rejects them for a missing article', async () => {
    const events: RepositoryEvent[] = [];
    repo.subscribe((event) => events.push(event));
    const a = await createArticle(repo);
    const saved = await repo.saveImage({ id_artigo: a.id, nome: 'x.png', content_type: 'image/png', bytes: Buffer.from([1, 2]) });
    expect(saved.nome).toBe('x.png');
    expect((await repo.getImage(a.id, 'x.png'))?.bytes).toEqual(Buffer.from([1, 2]));
    await expect(
      repo.saveImage({ id_artigo: 999, nome: 'x.png', content_type: 'image/png', bytes: Buffer.from([1]) }),
    ).rejects.toBeInstanceOf(ArticleNotFoundError);
    expect(events).toEqual([
      { type: 'article-created', id: a.id },
      { type: 'image-saved', id_artigo: a.id, nome: 'x.png' },
    ]);
  });
});
