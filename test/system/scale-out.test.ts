import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from '../e2e/support/server.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { createArticleOver, within } from './support/api.js';
import { samePixels } from '../support/same-pixels.js';

const bin = findPostgresBin();
const PROPAGATION_MS = 1_000;

describe.runIf(bin)('duas instâncias sobre um PostgreSQL', () => {
  let cluster: PostgresCluster;
  let one: RunningServer;
  let two: RunningServer;

  beforeAll(async () => {
    cluster = await startPostgresCluster(bin!);
    const env = { DATABASE_URL: cluster.url, SEED_SAMPLE_ARTICLES: 'false' };
    one = await startBuiltServer(env);
    two = await startBuiltServer(env);
  });
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await cluster?.destroy();
  });

  it('um artigo criado numa instância aparece na outra em até 1 s, mesmo com a lista em cache', async () => {
    // Fill the second instance's page cache first, so only cross-instance invalidation can refresh it.
    const before = await fetch(`${two.url}/noticias`);
    expect(before.status).toBe(200);
    const titulo = 'Artigo criado na primeira instância';
    const id = await createArticleOver(one.url, titulo);

    const listed = await within(PROPAGATION_MS, async () => (await (await fetch(`${two.url}/noticias`)).text()).includes(titulo));
    expect(listed, 'lista da segunda instância').not.toBeNull();

    const short = await fetch(`${two.url}/noticias/${id}`, { redirect: 'manual' });
    expect(short.status).toBe(301);
    const page = await fetch(new URL(short.headers.get('location')!, two.url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(titulo);

    const api = await fetch(`${two.url}/api/artigos/${id}`);
    expect(((await api.json()) as { value: { titulo: string } }).value.titulo).toBe(titulo);
  });

  it('uma imagem enviada por uma instância é servida pela outra', async () => {
    const id = await createArticleOver(one.url, 'Artigo com imagem compartilhada');
    const png = readFileSync('test/fixtures/uploads/pixel.png');
    const form = new FormData();
    form.set('file', new Blob([png], { type: 'image/png' }), 'foto.png');
    form.set('filename', 'foto.png');
    form.set('id_artigo', String(id));
    form.set('key', TEST_EDITOR_KEY);
    const upload = await fetch(`${one.url}/api/artigos/upload-imagem`, { method: 'POST', body: form });
    expect(upload.status).toBe(200);
    const { value } = (await upload.json()) as { value: { nome: string } };

    const image = await fetch(`${two.url}/assets/artigos/${id}/${value.nome}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(await samePixels(Buffer.from(await image.arrayBuffer()), png)).toBe(true);
  });
});
