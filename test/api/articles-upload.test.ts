import { crc32 } from 'node:zlib';
import { readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UPLOAD_TEMP_DIR } from '../../src/api/image-upload.js';
import { MESSAGES } from '../../src/lib/messages.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createArticle, createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { expectFailure } from '../support/articles-api.js';

const UPLOAD = '/api/artigos/upload-imagem';
const fixture = (name: string) => readFileSync(new URL(`../fixtures/uploads/${name}`, import.meta.url));
const PNG = fixture('pixel.png');
const MB = 1_048_576;

const uploadTemporaries = () => readdirSync(UPLOAD_TEMP_DIR);

/** An ISO-BMFF header with the 'avif' brand and no image inside. */
const AVIF = Buffer.concat([Buffer.from([0, 0, 0, 0x1c]), Buffer.from('ftypavif\0\0\0\0avifmif1miaf'), Buffer.alloc(64)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64), Buffer.from([0xff, 0xd9])]);

/** A real PNG grown to `size` bytes with a private ancillary chunk, so nothing trails its IEND. */
function paddedPng(size: number): Buffer {
  const iend = PNG.length - 12;
  const dataLength = size - PNG.length - 12;
  const chunk = Buffer.alloc(12 + dataLength);
  chunk.writeUInt32BE(dataLength, 0);
  chunk.write('prVt', 4, 'latin1');
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + dataLength)), 8 + dataLength);
  return Buffer.concat([PNG.subarray(0, iend), chunk, PNG.subarray(iend)]);
}

describe('POST /api/artigos/upload-imagem and GET /assets/artigos/:id/:nome', () => {
  let t: TestApp;
  let articleId: number;

  beforeEach(async () => {
    t = await createTestApp({ assets: DEV_ASSETS });
    articleId = (await createArticle(t.repo)).id;
  });
  afterEach(() => t.close());

  function upload(bytes: Buffer, filename: string, fields: Record<string, string> = {}) {
    let req = request(t.app).post(UPLOAD).attach('file', bytes, { filename, contentType: 'application/octet-stream' });
    const all = { key: TEST_EDITOR_KEY, id_artigo: String(articleId), ...fields };
    for (const [name, value] of Object.entries(all)) req = req.field(name, value);
    return req;
  }

  it('stores a PNG re-encoded by the pipeline and serves it with its type, ETag, nosniff and a cache lifetime', async () => {
    const saved = await upload(PNG, 'pixel.png');
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      status: 1,
      messages: [],
      command: 'artigos/upload-imagem',
      value: {
        id: expect.any(Number),
        id_artigo: articleId,
        nome: 'pixel.png',
        width: 8,
        height: 6,
        hasAlpha: false,
        animated: false,
        masterUrl: `/assets/artigos/${articleId}/pixel.png`,
        variants: expect.any(Array),
        // The share image is always 1200 × 630, enlarged from a small photo (issue 34).
        social: expect.objectContaining({ format: 'jpeg', width: 1200, height: 630 }),
        focus: { x: 0.5, y: 0.5 },
      },
      fcrj: true,
    });
    expect(saved.body.value.variants.map((variant: { format: string; width: number }) => `${variant.format}:${variant.width}`)).toEqual([
      'avif:8',
      'webp:8',
      'jpeg:8',
    ]);

    const served = await request(t.app).get(`/assets/artigos/${articleId}/pixel.png`).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=3600');
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(served.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(await sharp(Buffer.from(served.body as Buffer)).metadata()).toMatchObject({ format: 'png', width: 8, height: 6 });

    const again = await request(t.app).get(`/assets/artigos/${articleId}/pixel.png`).set('If-None-Match', served.headers.etag!);
    expect(again.status).toBe(304);
    const head = await request(t.app).head(`/assets/artigos/${articleId}/pixel.png`);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String((served.body as Buffer).length));
  });

  it('never replaces an image: the same name again gets a new unique name, and the article is touched', async () => {
    const before = (await t.repo.articles.get(articleId))!.data_atualizacao;
    const first = await upload(PNG, 'capa.png');
    const second = await upload(fixture('pixel.gif'), 'x', { filename: 'capa.png' });
    const third = await upload(PNG, 'capa.png');
    expect([first.body.value.nome, second.body.value.nome, third.body.value.nome]).toEqual(['capa.png', 'capa.gif', 'capa-2.png']);
    expect(new Set([first.body.value.id, third.body.value.id]).size).toBe(2);
    expect((await t.repo.images.getImage(articleId, 'capa.png'))?.etag).toBe((await t.repo.images.getImage(articleId, 'capa-2.png'))?.etag);
    expect((await t.repo.articles.get(articleId))!.data_atualizacao >= before).toBe(true);
  });

  it('gives names without Latin letters a unique name each, never one shared imagem.jpg', async () => {
    const names = [];
    for (const requested of ['日本語.png', '.htaccess', '"  .png', '📷.png']) {
      const response = await upload(PNG, 'x.png', { filename: requested });
      expect(response.status).toBe(200);
      names.push(response.body.value.nome as string);
    }
    for (const name of names) expect(name).toMatch(/^imagem-[0-9a-f]{8}\.png$/);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each([
    ['pixel.gif', 'image/gif', 'pixel.gif', fixture('pixel.gif')],
    ['pixel.webp', 'image/webp', 'pixel.webp', fixture('pixel.webp')],
    ['png-renomeado.exe', 'image/png', 'png-renomeado.png', fixture('png-renomeado.exe')],
    ['Foto.JPEG', 'image/png', 'foto.png', PNG],
  ])('accepts %s and stores a %s master named %s (the extension of what we wrote)', async (name, contentType, storedName, bytes) => {
    const response = await upload(bytes, name);
    expect(response.status).toBe(200);
    expect(response.body.value.nome).toBe(storedName);
    expect((await t.repo.images.getImage(articleId, storedName))?.content_type).toBe(contentType);
  });

  it.each([
    ['an executable renamed .png', fixture('executavel-renomeado.png'), MESSAGES.uploadNotImage],
    ['a JPEG header with nothing decodable', JPEG, MESSAGES.uploadCorrupt],
    ['an AVIF brand with no image inside', AVIF, MESSAGES.uploadCorrupt],
    ['an empty file', Buffer.alloc(0), MESSAGES.uploadNotImage],
  ])('refuses %s with a 4xx that says why, and stores nothing', async (_label, bytes, message) => {
    const response = await upload(bytes, 'arquivo.png');
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(expectFailure(response, response.status, 'artigos/upload-imagem')).toEqual([message]);
    expect(await t.repo.images.imageSets([articleId])).toEqual([]);
  });

  it('refuses an SVG carrying a script with 415, even under an image name', async () => {
    for (const name of ['svg-com-script.svg', 'inocente.png']) {
      const response = await upload(fixture('svg-com-script.svg'), name);
      expect(expectFailure(response, 415, 'artigos/upload-imagem')).toEqual([MESSAGES.uploadSvg]);
    }
  });

  it.each(['../../etc/passwd.png', '..\\..\\windows\\win.png', '..', 'Relatório\u0000 de\nExames.PNG', 'foto%2fx.png'])(
    'refuses the name %j with 400 instead of repairing it, and stores nothing',
    async (requested) => {
      const response = await upload(PNG, 'ignorado.png', { filename: requested });
      expect(expectFailure(response, 400, 'artigos/upload-imagem')).toEqual([MESSAGES.fileNameUnsafe]);
      expect(await t.repo.images.getImage(articleId, 'passwd.png')).toBeNull();
    },
  );

  it('accepts a polyglot (markup after the end) and serves only bytes its encoder wrote', async () => {
    const polyglot = Buffer.concat([PNG, Buffer.from('<html><script>alert(1)</script>')]);
    const response = await upload(polyglot, 'poliglota.png');
    expect(response.status).toBe(200);
    const urls = [response.body.value.masterUrl, response.body.value.social.url, ...response.body.value.variants.map((v: { url: string }) => v.url)];
    for (const url of urls) {
      const served = await request(t.app).get(url).buffer(true);
      expect(served.status).toBe(200);
      expect(Buffer.from(served.body as Buffer).includes('<script')).toBe(false);
    }
  });

  it.each([
    ['Foto do consultório (1).PNG', 'foto-do-consultorio-1.png'],
    ['Relatório de Exames (2025).PNG', 'relatorio-de-exames-2025.png'],
    [`${'nome-longo-'.repeat(20)}.png`, `${'nome-longo-'.repeat(20)}`.slice(0, 100).replace(/-+$/, '') + '.png'],
  ])('normalises the name %j to %j', async (requested, expected) => {
    const response = await upload(PNG, 'ignorado.png', { filename: requested });
    expect(response.body.value.nome).toBe(expected);
    const served = await request(t.app).get(`/assets/artigos/${articleId}/${expected}`);
    expect(served.status).toBe(200);
  });

  it('uses the file part name when no filename field is sent', async () => {
    const response = await upload(PNG, '../Minha Foto.png');
    expect(response.body.value.nome).toBe('minha-foto.png');
  });

  it('answers 413 with the spec message for 10 MB + 1 byte and stores nothing', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * MB + 1 - PNG.length)]);
    const response = await upload(big, 'grande.png');
    expect(expectFailure(response, 413, 'artigos/upload-imagem')).toEqual(['Tamanho do arquivo excede 10 MB.']);
    expect(await t.repo.images.getImage(articleId, 'grande.png')).toBeNull();
  });

  it('accepts exactly 10 MB, and keeps only the re-encoded image', async () => {
    const limit = paddedPng(10 * MB);
    const response = await upload(limit, 'limite.png');
    expect(response.status).toBe(200);
    expect((await t.repo.images.getImage(articleId, 'limite.png'))?.bytes.length).toBeLessThan(1_000);
  });

  it('answers 404 for a missing article and stores nothing', async () => {
    const response = await upload(PNG, 'pixel.png', { id_artigo: '999' });
    expect(expectFailure(response, 404, 'artigos/upload-imagem')).toEqual(['Artigo não encontrado.']);
    expect(await t.repo.images.getImage(999, 'pixel.png')).toBeNull();
  });

  it('deletes the temporary file of every upload, accepted or refused', async () => {
    await upload(PNG, 'pixel.png');
    await upload(PNG, 'pixel.png', { key: 'nao-e-a-chave' });
    await upload(fixture('svg-com-script.svg'), 'a.svg');
    await upload(Buffer.concat([PNG, Buffer.alloc(10 * MB + 1 - PNG.length)]), 'grande.png');
    expect(uploadTemporaries()).toEqual([]);
  });

  it('answers 403 for a missing or wrong key', async () => {
    const wrong = await upload(PNG, 'pixel.png', { key: 'nao-e-a-chave' });
    expect(expectFailure(wrong, 403, 'artigos/upload-imagem')).toEqual([MESSAGES.keyInvalid]);
    const missing = await request(t.app).post(UPLOAD).attach('file', PNG, 'pixel.png').field('id_artigo', String(articleId));
    expect(expectFailure(missing, 403, 'artigos/upload-imagem')).toEqual([MESSAGES.keyMissing]);
    expect(await t.repo.images.getImage(articleId, 'pixel.png')).toBeNull();
  });

  it('lets 20 simultaneous uploads with the right key all through: only refused keys count toward the limit', async () => {
    expect(t.config.editorKeyFailures.max).toBeLessThan(20);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => upload(PNG, `foto-${index + 1}.png`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(await t.repo.images.imageSets([articleId])).toHaveLength(20);
  });

  it('stops a burst of wrong keys at the limit, however many are in flight, and then the right key too', async () => {
    const { max } = t.config.editorKeyFailures;
    const answers = await Promise.all(Array.from({ length: max + 5 }, () => upload(PNG, 'pixel.png', { key: 'nao-e-a-chave' })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(max).fill(403), ...Array(5).fill(429)]);
    const limited = answers.find((answer) => answer.status === 429)!;
    expect(expectFailure(limited, 429, 'artigos/upload-imagem')).toEqual([MESSAGES.tooManyKeyFailures]);
    expect(limited.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect((await upload(PNG, 'pixel.png')).status).toBe(429);
    expect(await t.repo.images.getImage(articleId, 'pixel.png')).toBeNull();
  });

  it('answers 400 for a missing or malformed id_artigo and for a missing file', async () => {
    const missingId = await request(t.app).post(UPLOAD).attach('file', PNG, 'pixel.png').field('key', TEST_EDITOR_KEY);
    expect(expectFailure(missingId, 400, 'artigos/upload-imagem')).toEqual([MESSAGES.idMissing]);
    const badId = await upload(PNG, 'pixel.png', { id_artigo: '1; DROP TABLE artigos' });
    expect(expectFailure(badId, 400, 'artigos/upload-imagem')).toEqual([MESSAGES.idInvalid]);
    const noFile = await request(t.app).post(UPLOAD).field('key', TEST_EDITOR_KEY).field('id_artigo', String(articleId));
    expect(expectFailure(noFile, 400, 'artigos/upload-imagem')).toEqual(['Envie o arquivo da imagem no campo "file".']);
  });

  it('answers 400 for two files and for a file under another field name', async () => {
    const two = await request(t.app)
      .post(UPLOAD)
      .field('key', TEST_EDITOR_KEY)
      .field('id_artigo', String(articleId))
      .attach('file', PNG, 'a.png')
      .attach('file', PNG, 'b.png');
    expect(expectFailure(two, 400, 'artigos/upload-imagem')).toEqual([MESSAGES.uploadOneFile]);
    const other = await request(t.app).post(UPLOAD).attach('imagem', PNG, 'a.png');
    expect(expectFailure(other, 400, 'artigos/upload-imagem')).toEqual([MESSAGES.uploadOneFile]);
  });

  it('answers 415 to a body that is not multipart, and 400 to a broken multipart body', async () => {
    const json = await request(t.app).post(UPLOAD).send({ key: TEST_EDITOR_KEY });
    expect(expectFailure(json, 415, 'artigos/upload-imagem')).toEqual([MESSAGES.uploadNotMultipart]);
    const broken = await request(t.app)
      .post(UPLOAD)
      .set('Content-Type', 'multipart/form-data; boundary=limite')
      .send('--limite\r\nContent-Disposition: form-data; name="key"\r\n\r\nabc');
    expect(expectFailure(broken, 400, 'artigos/upload-imagem')).toEqual([MESSAGES.uploadNotMultipart]);
  });

  it('answers 404 for an image that does not exist', async () => {
    expect((await request(t.app).get(`/assets/artigos/${articleId}/nada.png`)).status).toBe(404);
    expect((await request(t.app).get('/assets/artigos/abc/nada.png')).status).toBe(404);
    expect((await request(t.app).get('/assets/artigos/99/nada.png')).status).toBe(404);
  });
});
