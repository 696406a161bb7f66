import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { articleBody, expectFailure } from '../support/articles-api.js';

/** A face-like subject near the top right corner (head centred at 1400, 150 of 1600 × 1200): see the fixtures' README. */
const FACE = readFileSync(new URL('../fixtures/uploads/rosto-no-canto.jpg', import.meta.url));
const FOCUS = { x: 0.875, y: 0.125 };
const BEARER = `Bearer ${TEST_EDITOR_KEY}`;

/** The colour at (x, y) of a JPEG. */
async function pixel(jpeg: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

/** The head's skin colour (#e0ac69), give or take JPEG's rounding. */
const isSkin = ([r, g, b]: [number, number, number]) => Math.abs(r - 0xe0) < 24 && Math.abs(g - 0xac) < 24 && Math.abs(b - 0x69) < 24;
/** The eyes (#222); nothing else in the photo is that dark. */
const isEye = ([r, g, b]: [number, number, number]) => r < 70 && g < 70 && b < 70;

/** How many pixels of a JPEG are as dark as the eyes. */
async function eyePixels(jpeg: Buffer): Promise<number> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let at = 0; at < data.length; at += info.channels) if (isEye([data[at]!, data[at + 1]!, data[at + 2]!])) count += 1;
  return count;
}

describe('media library API', () => {
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp({ assets: DEV_ASSETS });
  });
  afterEach(async () => {
    await t.close();
  });

  const api = () => request(t.app);
  const create = async (overrides: Record<string, unknown>) => (await api().post('/api/artigos/novo').send(articleBody(overrides)).expect(200)).body.value as number;
  const upload = async (id: number) =>
    (await api().post('/api/artigos/upload-imagem').field('key', TEST_EDITOR_KEY).field('id_artigo', String(id)).attach('file', FACE, { filename: 'rosto.jpg', contentType: 'image/jpeg' }).expect(200)).body.value as {
      id: number;
      nome: string;
      masterUrl: string;
      social: { url: string; width: number; height: number };
    };
  const editorView = async (id: number) => (await api().get(`/api/artigos/${id}`).set('Authorization', BEARER).expect(200)).body.value as Record<string, unknown> & { versao: number };
  const save = async (id: number, fields: Record<string, unknown>) => {
    const current = await editorView(id);
    await api().put(`/api/artigos/${id}`).set('Authorization', BEARER).send(articleBody({ titulo: current.titulo, titulo_url: current.titulo_url, status: current.status, versao: current.versao, ...fields })).expect(200);
  };
  const ogImage = async (id: number) => {
    const html = (await api().get(`/noticias/${id}`).redirects(2).expect(200)).text;
    return {
      url: /<meta property="og:image" content="([^"]+)"/.exec(html)![1]!,
      width: /<meta property="og:image:width" content="(\d+)"/.exec(html)![1],
      height: /<meta property="og:image:height" content="(\d+)"/.exec(html)![1],
    };
  };

  it('inserts a draft\'s photo into a public article without a copy, keeps the draft\'s URLs private, counts uses and refuses deletion while used', async () => {
    const draft = await create({ titulo: 'Rascunho com a foto', titulo_url: 'rascunho-com-a-foto', status: 'rascunho' });
    const uploaded = await upload(draft);
    const published = await create({ titulo: 'Artigo publicado', titulo_url: 'artigo-publicado', status: 'publicado' });

    const inserted = await api().post(`/api/artigos/${published}/imagens`).set('Authorization', BEARER).send({ id_imagem: uploaded.id }).expect(200);
    expect(inserted.body.value).toMatchObject({ id: uploaded.id, id_artigo: published, nome: 'rosto.jpg', masterUrl: `/assets/artigos/${published}/rosto.jpg`, alt: '', legenda: '' });
    // The public article serves it; the draft's own URL stays the editors'.
    const served = await api().get(inserted.body.value.masterUrl).expect(200);
    expect(served.headers['cache-control']).toBe('public, max-age=3600');
    await api().get(uploaded.masterUrl).expect(404);

    let library = (await api().get('/api/imagens').set('Authorization', BEARER).expect(200)).body.value as { id: number; usos: unknown[] }[];
    expect(library.map((image) => [image.id, image.usos])).toEqual([[uploaded.id, []]]);
    await save(published, { conteudo: `<p>Texto.</p><figure><img src="/assets/artigos/${published}/rosto.jpg" alt="Rosto"></figure>` });
    library = (await api().get('/api/imagens?q=publicado').set('Authorization', BEARER).expect(200)).body.value;
    expect(library.map((image) => image.usos)).toEqual([[{ id_artigo: published, titulo: 'Artigo publicado', nome: 'rosto.jpg' }]]);
    expect((await api().get('/api/imagens?q=nada-parecido').set('Authorization', BEARER).expect(200)).body.value).toEqual([]);

    const refused = await api().delete(`/api/imagens/${uploaded.id}`).set('Authorization', BEARER).send({});
    expect(expectFailure(refused, 409, 'imagens/id')).toEqual(['A imagem está em uso e não pode ser apagada. Tire-a destes artigos primeiro:', `Artigo publicado (artigo ${published})`]);
    await save(published, { conteudo: '<p>Sem a foto.</p>' });
    await api().delete(`/api/imagens/${uploaded.id}`).set('Authorization', BEARER).send({}).expect(200);
    await api().get(inserted.body.value.masterUrl).expect(404);
    expect((await api().get('/api/imagens').set('Authorization', BEARER).expect(200)).body.value).toEqual([]);
  });

  it('crops og:image to 1200 × 630 around the focal point, at a new URL when the point moves', async () => {
    const id = await create({ titulo: 'Foto com rosto', titulo_url: 'foto-com-rosto', status: 'publicado' });
    const uploaded = await upload(id);
    await save(id, { imagem: { nome: uploaded.nome, caption: 'Paciente', width: 1600, height: 1200 } });
    const before = await ogImage(id);
    expect(before).toEqual({ url: expect.stringContaining(uploaded.social.url), width: '1200', height: '630' });
    // Centred, the crop starts 180 px down the photo: the head (y 15 to 285) is cut above the mouth, its eyes (y 120) are gone.
    const centred = (await api().get(uploaded.social.url).expect(200)).body as Buffer;
    expect(await sharp(centred).metadata()).toMatchObject({ width: 1200, height: 630 });
    expect(await eyePixels(centred)).toBe(0);

    expectFailure(await api().patch(`/api/imagens/${uploaded.id}`).set('Authorization', BEARER).send({ foco: { x: 1.5, y: 0.1 } }), 400, 'imagens/id');
    const changed = await api().patch(`/api/imagens/${uploaded.id}`).set('Authorization', BEARER).send({ foco: FOCUS, alt_padrao: 'Rosto de paciente' }).expect(200);
    expect(changed.body.value).toMatchObject({ foco: FOCUS, alt_padrao: 'Rosto de paciente' });

    const after = await ogImage(id);
    expect(after.url).not.toBe(before.url);
    expect([after.width, after.height]).toEqual(['1200', '630']);
    const share = (await api().get(new URL(after.url).pathname).expect(200)).body as Buffer;
    expect(await sharp(share).metadata()).toMatchObject({ width: 1200, height: 630 });
    // Around the point the crop starts at the top, scaled by 0.75: the whole face is in the frame, eyes at (1020, 90) and (1080, 90).
    expect(isSkin(await pixel(share, 1050, 100))).toBe(true);
    expect(isEye(await pixel(share, 1020, 90))).toBe(true);
    expect(isEye(await pixel(share, 1080, 90))).toBe(true);
    expect(isSkin(await pixel(share, 1050, 200))).toBe(true);
    expect(await eyePixels(share)).toBeGreaterThan(600);
    await api().get(new URL(before.url).pathname).expect(404);
  });

  it('falls back to the generated 1200 × 630 share image without a photo', async () => {
    const og = await ogImage(await create({ titulo: 'Sem foto', titulo_url: 'sem-foto', status: 'publicado' }));
    expect([og.width, og.height]).toEqual(['1200', '630']);
    expect(og.url).toMatch(/compartilhar\.[0-9a-f]{12}\.jpg$/);
  });
});
