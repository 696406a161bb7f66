import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGeneratedArticles } from '../../src/db/generated-articles.js';
import type { Repository } from '../../src/db/storage.js';
import { readSeedArticles, seedDirectory } from '../../src/db/seed.js';
import { searchTerms } from '../../src/lib/search-text.js';
import { availableAdapters, type Store } from './adapters.js';

const COUNT = 1_200;
const HOUR_MS = 3_600_000;

/**
 * `npm run seed -- --artigos N` (bench:scale fills each database this way): N published articles one
 * hour apart ending now, each a sample text under its own title and URL, one in 500 with its photo,
 * all in the search index; several imports run at once, and none may be lost or dated out of turn.
 */
describe.each(availableAdapters())('artigos gerados para medir em escala: $name', (adapter) => {
  const now = Date.parse('2026-11-20T12:00:00.000Z');
  let store: Store;
  let repo: Repository;
  const numbers: number[] = [];

  beforeAll(async () => {
    store = await adapter.createStore();
    repo = await store.open();
    await seedGeneratedArticles(repo, COUNT, (done) => numbers.push(done), now);
  }, 120_000);
  afterAll(async () => {
    await repo.close();
    await store.destroy();
  });

  it('publishes every article once, newest first by its number, an hour apart ending now', async () => {
    // Progress counts what is stored, whichever import ends first.
    expect(numbers).toHaveLength(2);
    expect(numbers.at(-1)).toBe(COUNT);
    const { items, total } = await repo.publicArticles.latest(1, COUNT);
    expect(total).toBe(COUNT);
    expect(new Set(items.map((item) => item.titulo_url)).size).toBe(COUNT);
    items.forEach((item, index) => {
      const number = COUNT - index;
      expect(item.titulo_url.endsWith(`-${number}`), item.titulo_url).toBe(true);
      expect(item.titulo).toMatch(new RegExp(`\\(${number}\\)$`));
      expect(item.data_publicacao).toBe(new Date(now - index * HOUR_MS).toISOString());
    });
  });

  it('gives each a sample text of hundreds of words, and one in 500 its photo', async () => {
    const { items } = await repo.publicArticles.latest(1, COUNT);
    const words = items.slice(0, 15).map((item) => item.conteudo.replace(/<[^>]+>/g, ' ').split(/\s+/).filter(Boolean).length);
    expect(Math.min(...words)).toBeGreaterThan(500);
    const withPhoto = items.filter((item) => item.imagem_nome).map((item) => Number(item.titulo_url.split('-').at(-1)));
    expect(withPhoto.sort((a, b) => a - b)).toEqual([1, 501, 1_001]);
    const sets = await repo.images.imageSets(items.filter((item) => item.imagem_nome).map((item) => item.id));
    expect(sets).toHaveLength(3);
  });

  it("gives each its sample's topics, counted, and keeps them in its first revision", async () => {
    const samples = readSeedArticles(seedDirectory());
    const expected = new Map<string, number>();
    for (let index = 0; index < COUNT; index += 1) {
      for (const nome of samples[index % samples.length]!.temas) expected.set(nome, (expected.get(nome) ?? 0) + 1);
    }
    const counted = await repo.topics.list(true);
    expect(new Map(counted.map((topic) => [topic.nome, topic.total]))).toEqual(expected);
    const { items } = await repo.publicArticles.latest(1, 20);
    const topics = await repo.topics.ofArticles(items.map((item) => item.id));
    for (const item of items) {
      const number = Number(item.titulo_url.split('-').at(-1));
      const names = samples[(number - 1) % samples.length]!.temas;
      expect(topics.get(item.id)?.map((topic) => topic.nome)).toEqual(names);
      expect((await repo.revisions.revision(item.id, 1))?.snapshot.temas).toEqual(names);
    }
  });

  it('puts every article in the search index', async () => {
    const { items } = await repo.publicArticles.latest(1, 1);
    const number = searchTerms(String(COUNT));
    expect((await repo.search.search({ terms: number, pageIndex: 1, pageSize: 5 })).items.map((item) => item.id)).toEqual([items[0]!.id]);
    expect((await repo.articles.list({ pageIndex: 1, pageSize: 1, busca: 'prontuário' })).total).toBeGreaterThan(COUNT / 2);
  });
});
