import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { readSeedArticles, seedBodyImages, seedDirectory, seedIfEmpty } from '../../src/db/seed.js';
import { sanitizeArticleHtml } from '../../src/lib/sanitize-article-html.js';
import { createLogger } from '../../src/logger.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { availableAdapters } from '../contract/adapters.js';
import { createArticle, createTestApp, type TestApp } from '../support/app.js';

const logger = createLogger({ logLevel: 'silent' });
const DAY_MS = 86_400_000;

describe('sample articles', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ assets: DEV_ASSETS });
  });
  afterEach(() => t.close());

  it('ships about 15 articles in the editor schema, each with a photo-sized JPEG and a photo in its body', async () => {
    const dir = seedDirectory();
    const entries = readSeedArticles(dir);
    expect(entries.length).toBeGreaterThanOrEqual(15);
    expect(new Set(entries.map((entry) => entry.titulo_url)).size).toBe(entries.length);
    for (const entry of entries) {
      const html = readFileSync(join(dir, 'conteudo', entry.arquivo), 'utf8').trim();
      expect(sanitizeArticleHtml(html), entry.arquivo).toBe(html);
      const main = await sharp(join(dir, 'imagens', entry.imagem.nome)).metadata();
      expect([main.format, main.width, main.height]).toEqual(['jpeg', entry.imagem.width, entry.imagem.height]);
      // Wider than the largest responsive variant, so the whole pipeline runs on it.
      expect(main.width).toBeGreaterThan(1920);
      // Realistic articles: 600 to 1,200 words, with headings and lists.
      const words = html.replace(/<[^>]*>/g, ' ').split(/\s+/).filter(Boolean).length;
      expect(words, entry.arquivo).toBeGreaterThanOrEqual(600);
      expect(words, entry.arquivo).toBeLessThanOrEqual(1200);
      expect(html).toMatch(/<h2>/);
      expect(html).toMatch(/<(?:ul|ol)>/);
      const bodyImages = seedBodyImages(html);
      expect(bodyImages, entry.arquivo).toHaveLength(1);
      const detail = await sharp(join(dir, 'imagens', bodyImages[0]!)).metadata();
      expect([detail.format, detail.width > 1280]).toEqual(['jpeg', true]);
    }
  });

  it('seeds an empty embedded database, with dates spread over past months and images served', async () => {
    const now = Date.now();
    const { photos } = await seedIfEmpty(t.repo, logger);
    // The articles are there at once; the photos follow.
    expect(await t.repo.articles.count()).toBe(readSeedArticles().length);
    await photos;
    const page = await t.repo.publicArticles.latest(1, 50);
    expect(page.total).toBe(readSeedArticles().length);
    const times = page.items.map((item) => Date.parse(item.data_publicacao));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Math.max(...times)).toBeLessThanOrEqual(now);
    expect(now - Math.min(...times)).toBeGreaterThan(120 * DAY_MS);
    expect(new Set(times.map((time) => new Date(time).toISOString().slice(0, 7))).size).toBeGreaterThanOrEqual(5);

    for (const item of page.items) {
      const image = await request(t.app).get(`/assets/artigos/${item.id}/${item.imagem_nome}`);
      expect(image.status).toBe(200);
      const [set] = (await t.repo.images.imageSets([item.id])).filter((candidate) => candidate.nome === item.imagem_nome);
      expect([set?.width, set?.height]).toEqual([item.imagem_width, item.imagem_height]);
      expect(image.headers['content-type']).toBe('image/jpeg');
      const bodyImage = item.conteudo.match(/<img src="([^"]+)"/)?.[1];
      expect(bodyImage).toMatch(new RegExp(`^/assets/artigos/${item.id}/[a-z0-9-]+\\.jpg$`));
      expect((await request(t.app).get(bodyImage!)).status).toBe(200);
    }
    const listed = await request(t.app).post('/api/artigos/ultimas-noticias').send({ pageIndex: 1, pageSize: 12 });
    expect(listed.body.value).toHaveLength(12);

    // Topics, so that a first visit shows the topic links and pages (and "Leia também" has something to share).
    const topics = await t.repo.topics.list(true);
    expect(topics.length).toBeGreaterThanOrEqual(5);
    expect(topics.reduce((sum, topic) => sum + topic.total, 0)).toBeGreaterThan(readSeedArticles().length);
    const news = await request(t.app).get('/noticias').expect(200);
    for (const topic of topics) expect(news.text).toContain(`href="/noticias/temas/${topic.slug}"`);
    await request(t.app).get(`/noticias/temas/${topics[0]!.slug}`).expect(200);
  });

  it('never seeds a database that already has an article', async () => {
    await createArticle(t.repo);
    await seedIfEmpty(t.repo, logger);
    expect(await t.repo.articles.count()).toBe(1);
  });

  it('never seeds PostgreSQL on its own', async () => {
    for (const adapter of availableAdapters().filter((candidate) => candidate.name === 'postgres')) {
      const store = await adapter.createStore();
      const repo = await store.open();
      try {
        await seedIfEmpty(repo, logger);
        expect(await repo.articles.count()).toBe(0);
      } finally {
        await repo.close();
        await store.destroy();
      }
    }
  });
});
