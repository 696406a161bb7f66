import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/messages.js';
import { findDangerousHtml } from '../../src/lib/dangerous-html.js';
import { hasControlCharacters } from '../../src/lib/plain-text.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { articleBody } from '../support/articles-api.js';
import { unsafeParts } from '../support/html-safety.js';
import { hostileHtml } from '../support/hostile-html.js';

/** Statuses a client can cause; anything else (500 above all) is a bug. */
const CLIENT_STATUSES = [200, 400, 403, 404, 413, 415];

/** Titles with control characters are refused on their own (see the hostile catalogue); here only the HTML varies. */
const plainTitle = fc.string({ maxLength: 40 }).filter((title) => !hasControlCharacters(title));

describe('articles API under arbitrary input', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The failed-key limit would turn the random wrong keys into 429s and hide the answers under test.
    t = await createTestApp({ assets: DEV_ASSETS, env: { EDITOR_KEY_MAX_FAILURES: '1000000' } });
  });
  afterAll(() => t.close());

  const fieldValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string(), fc.constant(undefined));

  it('never answers 500 to arbitrary JSON bodies', async () => {
    const bodies = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.record(
        {
          key: fc.oneof(fc.constant(TEST_EDITOR_KEY), fieldValue),
          titulo: fieldValue,
          titulo_url: fieldValue,
          descricao: fieldValue,
          keywords: fieldValue,
          conteudo: fc.oneof(hostileHtml, fieldValue),
          imagem: fc.oneof(
            fieldValue,
            fc.record({ nome: fieldValue, caption: fieldValue, width: fieldValue, height: fieldValue }, { requiredKeys: [] }),
          ),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const response = await request(t.app)
          .post('/api/artigos/novo')
          .set('Content-Type', 'application/json')
          .send(JSON.stringify(body) ?? 'undefined');
        expect(CLIENT_STATUSES).toContain(response.status);
        expect(response.body.fcrj).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('never answers 500 to arbitrary page requests and ids', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 2 }), fc.string(), async (body, id) => {
        const page = await request(t.app)
          .post('/api/artigos/ultimas-noticias')
          .set('Content-Type', 'application/json')
          .send(JSON.stringify(body));
        expect(CLIENT_STATUSES).toContain(page.status);
        const article = await request(t.app).get(`/api/artigos/${encodeURIComponent(id)}`);
        expect([...CLIENT_STATUSES, 405]).toContain(article.status);
      }),
      { numRuns: 200 },
    );
  });

  it('never answers 500 to arbitrary uploads, and stores only images under safe names', async () => {
    const articleId = (await request(t.app).post('/api/artigos/novo').send(articleBody())).body.value as number;
    const png = readFileSync(new URL('../fixtures/uploads/pixel.png', import.meta.url));
    const bytes = fc.oneof(
      fc.uint8Array({ minLength: 1, maxLength: 2048 }).map((array) => Buffer.from(array)),
      fc.uint8Array({ maxLength: 64 }).map((tail) => Buffer.concat([png, Buffer.from(tail)])),
    );
    await fc.assert(
      fc.asyncProperty(bytes, fc.string({ unit: 'binary', minLength: 1 }), async (file, filename) => {
        const response = await request(t.app)
          .post('/api/artigos/upload-imagem')
          .field('key', TEST_EDITOR_KEY)
          .field('id_artigo', String(articleId))
          .field('filename', filename)
          .attach('file', file, 'arquivo.bin');
        expect([200, 400, 415]).toContain(response.status);
        if (response.status === 200) {
          expect(response.body.value.nome).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*\.(?:png|jpe?g|webp|gif|avif)$/);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('refuses HTML carrying code and stores no script, event handler or script URL from the rest', async () => {
    await fc.assert(
      fc.asyncProperty(hostileHtml, plainTitle, async (conteudo, titulo) => {
        const html = `<p>Introdução</p>${conteudo}`;
        const response = await request(t.app).post('/api/artigos/novo').send(articleBody({ conteudo: html, titulo: `Artigo ${titulo}` }));
        if (findDangerousHtml(html).length > 0) {
          expect(response.status).toBe(400);
          expect(response.body.messages).toEqual([MESSAGES.contentDangerous]);
          return;
        }
        expect(response.status).toBe(200);
        const stored = await t.repo.articles.get(response.body.value as number);
        expect(unsafeParts(stored!.conteudo)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
