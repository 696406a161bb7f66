import { readFileSync } from 'node:fs';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createTestApp, TEST_EDITOR_AUTHOR, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { articleBody } from '../support/articles-api.js';
import { samePixels } from '../support/same-pixels.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/postgres.js';

const PNG = readFileSync(new URL('../fixtures/uploads/pixel.png', import.meta.url));
const postgresUrl = inject('postgresUrl');
const backends = postgresUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

describe.each(backends)('the whole API on %s', (backend) => {
  let t: TestApp;
  let database: ScratchDatabase | undefined;

  beforeEach(async () => {
    database = backend === 'postgres' ? await createScratchDatabase(postgresUrl!) : undefined;
    t = await createTestApp({ assets: DEV_ASSETS, env: { DATABASE_URL: database?.url } });
  });
  afterEach(async () => {
    await t.close();
    await database?.drop();
  });

  it('creates, uploads, reads, lists and serves, with the same answers', async () => {
    expect(t.repo.kind).toBe(backend);
    const next = await request(t.app).get('/api/artigos/next-id');
    const created = await request(t.app)
      .post('/api/artigos/novo')
      .send(articleBody({ imagem: { nome: 'Capa.png', caption: 'Capa', width: 8, height: 6 } }));
    expect(created.body.value).toBe(next.body.value);
    const id = created.body.value as number;

    const uploaded = await request(t.app)
      .post('/api/artigos/upload-imagem')
      .field('key', TEST_EDITOR_KEY)
      .field('id_artigo', String(id))
      .field('filename', 'Capa.png')
      .attach('file', PNG, 'Capa.png');
    expect(uploaded.body.value).toMatchObject({ id: expect.any(Number), nome: 'capa.png', width: 8, height: 6, masterUrl: `/assets/artigos/${id}/capa.png` });
    expect(await t.repo.images.imageSets([id])).toEqual([expect.objectContaining({ nome: 'capa.png', masterUrl: uploaded.body.value.masterUrl })]);

    const article = await request(t.app).get(`/api/artigos/${id}`);
    expect(article.body.value).toMatchObject({
      id,
      autor: TEST_EDITOR_AUTHOR,
      imagem_nome: 'capa.png',
      data_publicacao: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(article.body.value.data_atualizacao >= article.body.value.data_publicacao).toBe(true);

    const listed = await request(t.app).post('/api/artigos/ultimas-noticias').send({ pageIndex: 1, pageSize: 12 });
    // The list's items are the single read without its credits (read one article at a time).
    const { autores: _authors, revisao_medica: _review, referencias: _references, ...listedFields } = article.body.value;
    expect(listed.body.value).toEqual([listedFields]);

    const image = await request(t.app).get(`/assets/artigos/${id}/${article.body.value.imagem_nome}`).buffer(true);
    expect(image.headers['content-type']).toBe('image/png');
    expect(await samePixels(Buffer.from(image.body as Buffer), PNG)).toBe(true);
    const variant = await request(t.app).get(uploaded.body.value.variants[0].url);
    expect([variant.status, variant.headers['content-type']]).toEqual([200, 'image/avif']);
  });
});
