import { readFileSync } from 'node:fs';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { articleBody } from '../support/articles-api.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres.js';

const PNG = readFileSync(new URL('../fixtures/uploads/pixel.png', import.meta.url));
const BEARER = `Bearer ${TEST_EDITOR_KEY}`;
const postgresUrl = inject('postgresUrl');
const backends = postgresUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

const PUBLIC_MASTER = 'public, max-age=3600';
const PUBLIC_VARIANT = 'public, max-age=31536000, immutable';
const EDITORS_ONLY = 'private, no-store';

describe.each(backends)('images of an article that is not public, on %s', (backend) => {
  let t: TestApp;
  let database: ScratchDatabase | undefined;

  beforeEach(async () => {
    database = backend === 'postgres' ? await createScratchDatabase(postgresUrl!) : undefined;
    // Each look as the public includes a wrong key, which counts: room for a test's worth of them.
    t = await createTestApp({ assets: DEV_ASSETS, env: { DATABASE_URL: database?.url, EDITOR_KEY_MAX_FAILURES: '20' } });
  });
  afterEach(async () => {
    await t.close();
    await database?.drop();
  });

  /** An article in `status` with one uploaded image: its master URL, a variant URL and the social image URL. */
  async function articleWithImage(overrides: Record<string, unknown>) {
    const created = await request(t.app).post('/api/artigos/novo').send(articleBody(overrides)).expect(200);
    const id = created.body.value as number;
    const uploaded = await request(t.app)
      .post('/api/artigos/upload-imagem')
      .field('key', TEST_EDITOR_KEY)
      .field('id_artigo', String(id))
      .attach('file', PNG, { filename: 'capa.png', contentType: 'image/png' })
      .expect(200);
    const { masterUrl, variants, social } = uploaded.body.value as { masterUrl: string; variants: { url: string }[]; social: { url: string } };
    return { id, urls: [masterUrl, variants[0]!.url, social.url], unknown: `/assets/artigos/${id}/nenhuma.png` };
  }

  const setStatus = (id: number, status: string, publicar_em?: string) =>
    request(t.app).post(`/api/artigos/${id}/status`).set('Authorization', BEARER).send({ status, publicar_em }).expect(200);

  const signIn = async () => {
    const res = await request(t.app).post('/api/sessao').send({ key: TEST_EDITOR_KEY }).expect(200);
    return String(([] as string[]).concat(res.headers['set-cookie'] ?? [])[0]).split(';')[0]!;
  };

  /** What the public gets for `url`: exactly the 404 of an image that does not exist, whatever it sends. */
  async function expectHidden(url: string, unknown: string, etag?: string) {
    const missing = await request(t.app).get(unknown);
    const answers = {
      anonymous: await request(t.app).get(url),
      head: await request(t.app).head(url),
      // A validator remembered from when the image was public confirms nothing.
      conditional: await request(t.app).get(url).set('If-None-Match', etag ?? '"x"'),
      wrongKey: await request(t.app).get(url).set('Authorization', 'Bearer chave-errada-123'),
      staleCookie: await request(t.app).get(url).set('Cookie', `sessao_editor=${'A'.repeat(43)}`),
    };
    for (const [who, res] of Object.entries(answers)) {
      expect(res.status, `${who} ${url}`).toBe(404);
      expect(res.headers['cache-control'], `${who} ${url}`).toBe(missing.headers['cache-control']);
      expect(res.headers['content-type'], `${who} ${url}`).toBe(missing.headers['content-type']);
      if (who !== 'head') expect(res.text, `${who} ${url}`).toBe(missing.text);
    }
  }

  async function expectEditorsOnly(url: string, cookie: string) {
    for (const res of [await request(t.app).get(url).set('Cookie', cookie).buffer(true), await request(t.app).get(url).set('Authorization', BEARER).buffer(true)]) {
      expect(res.status, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(EDITORS_ONLY);
      expect(res.headers['content-type'], url).toMatch(/^image\//);
      expect((res.body as Buffer).length, url).toBeGreaterThan(0);
    }
  }

  it('serves a draft’s images only to editors, publishes them with the article, and hides them again once it is unpublished', async () => {
    const { id, urls, unknown } = await articleWithImage({ status: 'rascunho' });
    const cookie = await signIn();
    for (const url of urls) {
      await expectHidden(url, unknown);
      await expectEditorsOnly(url, cookie);
    }

    await setStatus(id, 'publicado');
    const etags: string[] = [];
    for (const [index, url] of urls.entries()) {
      const res = await request(t.app).get(url).expect(200);
      expect(res.headers['cache-control'], url).toBe(index === 0 ? PUBLIC_MASTER : PUBLIC_VARIANT);
      expect(res.headers['set-cookie'], url).toBeUndefined();
      etags.push(res.headers.etag!);
      await request(t.app).get(url).set('If-None-Match', res.headers.etag!).expect(304);
    }

    await setStatus(id, 'despublicado');
    for (const [index, url] of urls.entries()) {
      await expectHidden(url, unknown, etags[index]);
      await expectEditorsOnly(url, cookie);
    }
  });

  it('follows the schedule: hidden before its time, public once due, before the scheduler has even run', async () => {
    const later = await articleWithImage({ publicar_em: '2099-01-01T12:00:00Z' });
    expect((await t.repo.articles.get(later.id))?.status).toBe('agendado');
    for (const url of later.urls) await expectHidden(url, later.unknown);
    const due = await articleWithImage({ publicar_em: new Date(Date.now() - 1_000).toISOString() });
    expect((await t.repo.articles.get(due.id))?.status).toBe('agendado');
    for (const url of due.urls) await request(t.app).get(url).expect(200);
  });

  it('counts a wrong key sent for an image as a failed key, though it answers like no key', async () => {
    const { urls } = await articleWithImage({ status: 'rascunho' });
    for (let attempt = 0; attempt < t.config.editorKeyFailures.max; attempt += 1) {
      await request(t.app).get(urls[0]!).set('Authorization', 'Bearer chave-errada-123').expect(404);
    }
    await request(t.app).post('/api/sessao').send({ key: TEST_EDITOR_KEY }).expect(429);
  });
});
