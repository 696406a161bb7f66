import request from 'supertest';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { articleShareText, shareImageFile } from '../../src/seo/share-image.js';
import { createTestApp, TEST_EDITOR_AUTHOR, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { articleBody } from '../support/articles-api.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres.js';
import { jsonLdOfType, metaContent } from './news-html.js';

const SITE_URL = 'https://www.prontivo.test';
const BEARER = `Bearer ${TEST_EDITOR_KEY}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const postgresUrl = inject('postgresUrl');
const backends = postgresUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

describe.each(backends)('generated share images, on %s', (backend) => {
  let t: TestApp;
  let database: ScratchDatabase | undefined;

  beforeEach(async () => {
    database = backend === 'postgres' ? await createScratchDatabase(postgresUrl!) : undefined;
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL, DATABASE_URL: database?.url } });
  });
  afterEach(async () => {
    await t.close();
    await database?.drop();
  });

  async function create(overrides: Record<string, unknown> = {}): Promise<number> {
    const created = await request(t.app).post('/api/artigos/novo').send(articleBody(overrides)).expect(200);
    return created.body.value as number;
  }

  /** The share image's path as a reader's page names it. */
  async function shareImagePath(id: number): Promise<string> {
    const page = await request(t.app).get(`/noticias/${id}`).redirects(1).expect(200);
    return new URL(metaContent(page.text, 'og:image')!).pathname;
  }

  it('previews an article without a photo with a 1200×630 JPEG of its title, made once and cached for good', async () => {
    const id = await create({ titulo: 'Prontuário & LGPD: <script> não entra' });
    const page = await request(t.app).get(`/noticias/${id}`).redirects(1).expect(200);
    const url = metaContent(page.text, 'og:image')!;
    expect(url).toBe(`${SITE_URL}/assets/artigos/${id}/${shareImageFile({ title: 'Prontuário & LGPD: <script> não entra', authors: [TEST_EDITOR_AUTHOR] })}`);
    expect([metaContent(page.text, 'og:image:width'), metaContent(page.text, 'og:image:height')]).toEqual(['1200', '630']);
    expect(metaContent(page.text, 'og:image:alt')).toBe('Prontuário &amp; LGPD: &lt;script&gt; não entra: imagem com o título do artigo e o logotipo da Prontivo');
    expect(metaContent(page.text, 'twitter:image')).toBe(url);
    expect(metaContent(page.text, 'twitter:image:alt')).toBe(metaContent(page.text, 'og:image:alt'));
    expect(metaContent(page.text, 'twitter:card')).toBe('summary_large_image');
    expect((jsonLdOfType(page.text, 'NewsArticle') as Record<string, any>).image).toEqual([{ '@type': 'ImageObject', url, width: '1200', height: '630' }]);

    const path = new URL(url).pathname;
    const first = await request(t.app).get(path).buffer(true).expect(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toBe(IMMUTABLE);
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    const metadata = await sharp(first.body as Buffer).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1200, 630]);

    // Stored: the second reader gets the same bytes, and a browser's copy is confirmed with a 304.
    const stored = await t.repo.images.getShareImage(id, path.split('/').at(-1)!);
    expect(stored?.bytes).toEqual(first.body);
    const second = await request(t.app).get(path).buffer(true).expect(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    await request(t.app).get(path).set('If-None-Match', String(first.headers.etag)).expect(304);
    const head = await request(t.app).head(path).expect(200);
    expect(head.headers['content-length']).toBe(String((first.body as Buffer).length));
  });

  it('answers readers asking at once for a new image with the same stored image', async () => {
    const id = await create({ titulo: 'Pedidos ao mesmo tempo' });
    const path = await shareImagePath(id);
    const answers = await Promise.all(Array.from({ length: 4 }, () => request(t.app).get(path).buffer(true)));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.etag).toBe(answers[0]!.headers.etag);
    }
    expect((await t.repo.images.getShareImage(id, path.split('/').at(-1)!))?.etag).toBe(String(answers[0]!.headers.etag).replaceAll('"', ''));
  });

  it("gets a new URL when the title changes; the old one is gone, and only the article's current image is kept", async () => {
    const id = await create({ titulo: 'Agenda do consultório' });
    const before = await shareImagePath(id);
    await request(t.app).get(before).expect(200);
    await request(t.app).put(`/api/artigos/${id}`).set('Authorization', BEARER).send({ ...articleBody({ titulo: 'Agenda do consultório em 2027' }), key: undefined, versao: 1 }).expect(200);
    const after = await shareImagePath(id);
    expect(after).not.toBe(before);
    await request(t.app).get(before).expect(404);
    const image = await request(t.app).get(after).buffer(true).expect(200);
    expect((await sharp(image.body as Buffer).metadata()).width).toBe(1200);
    expect(await t.repo.images.getShareImage(id, before.split('/').at(-1)!)).toBeNull();
  });

  it('is a 404 for drafts, unpublished articles and names the article does not give, even for editors', async () => {
    const draft = await create({ titulo: 'Rascunho secreto', status: 'rascunho' });
    const draftArticle = (await t.repo.articles.get(draft))!;
    const draftFile = shareImageFile(articleShareText(draftArticle));
    for (const res of [await request(t.app).get(`/assets/artigos/${draft}/${draftFile}`), await request(t.app).get(`/assets/artigos/${draft}/${draftFile}`).set('Authorization', BEARER)]) {
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
    expect(await t.repo.images.getShareImage(draft, draftFile)).toBeNull();

    const published = await create({ titulo: 'Publicado e depois retirado' });
    const path = await shareImagePath(published);
    await request(t.app).get(path).expect(200);
    await request(t.app).post(`/api/artigos/${published}/status`).set('Authorization', BEARER).send({ status: 'despublicado' }).expect(200);
    await request(t.app).get(path).expect(404);

    const other = await create({ titulo: 'Outro artigo' });
    await request(t.app).get(`/assets/artigos/${other}/compartilhar.000000000000.jpg`).expect(404);
    // Another article's image name is not this one's.
    await request(t.app).get(path.replace(`/${published}/`, `/${other}/`)).expect(404);
  });
});
