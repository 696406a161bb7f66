import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArticleNotFoundError, type EncodedImageInput, type NewArticle, type NewImageSet, type RepositoryEvent } from '../../src/db/repository.js';
import type { Repository } from '../../src/db/storage.js';
import { ImageNameTakenError } from '../../src/db/image-store.js';
import { imageEtag } from '../../src/db/image-etag.js';
import pg from 'pg';
import { findPostgresBin, startPostgresCluster } from '../support/postgres-cluster.js';
import { availableAdapters, postgresAdapter, storePerTest, type Store } from './adapters.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function article(overrides: Partial<NewArticle> = {}): NewArticle {
  return {
    titulo: 'Prontuário eletrônico: ação, atenção e coração 🩺',
    titulo_url: 'prontuario-eletronico-acao-atencao-e-coracao',
    descricao: 'Descrição com “aspas” e acentuação.',
    keywords: 'prontuário, LGPD',
    conteudo: '<p>Olá <strong>mundo</strong></p>',
    autor: 'Dra. Helena Martins',
    ...overrides,
  };
}

const png = (seed: number) => Buffer.from([0x89, 0x50, 0x4e, 0x47, seed, 0, 255, 128]);

function encoded(arquivo: string, format: EncodedImageInput['format'], width: number, seed: number): EncodedImageInput {
  return { arquivo, format, content_type: `image/${format}`, width, height: width / 2, bytes: Buffer.alloc(width / 10, seed) };
}

/** An image set as the pipeline makes it: a 1400x700 master, two widths in three formats, a social JPEG. */
function imageSet(id_artigo: number, nome = 'capa.jpg'): NewImageSet {
  const base = nome.replace(/\.[a-z]+$/, '');
  return {
    id_artigo,
    nome,
    master: { content_type: 'image/jpeg', bytes: Buffer.alloc(900, 7), width: 1400, height: 700, hasAlpha: false, animated: false },
    variants: [
      encoded(`${base}.640w.aaaa1111.jpg`, 'jpeg', 640, 1),
      encoded(`${base}.320w.bbbb2222.webp`, 'webp', 320, 2),
      encoded(`${base}.640w.cccc3333.avif`, 'avif', 640, 3),
      encoded(`${base}.320w.dddd4444.avif`, 'avif', 320, 4),
      encoded(`${base}.640w.eeee5555.webp`, 'webp', 640, 5),
      encoded(`${base}.320w.ffff6666.jpg`, 'jpeg', 320, 6),
    ],
    social: encoded(`${base}.social.abcd0000.jpg`, 'jpeg', 1200, 8),
  };
}

describe.each(availableAdapters())('contrato do repositório: $name', (adapter) => {
  const { repo, reopen } = storePerTest(adapter);

  it('reports its kind and starts empty', async () => {
    expect(repo.kind).toBe(adapter.name);
    expect(await repo.articles.count()).toBe(0);
    expect(await repo.articles.nextId()).toBe(1);
    expect(await repo.publicArticles.latest(1, 12)).toEqual({ items: [], total: 0 });
    expect(await repo.publicArticles.summaries({ offset: 0 }, 1000)).toEqual([]);
    expect(await repo.articles.get(1)).toBeNull();
    expect(await repo.images.getImage(1, 'x.png')).toBeNull();
    await expect(repo.ping()).resolves.toBeUndefined();
  });

  it('stores every field exactly and stamps the dates', async () => {
    const before = Date.now();
    const long = `<p>${'conteúdo '.repeat(20_000)}</p>`;
    const id = await repo.articles.create(article({ conteudo: long, imagem: { nome: 'capa.png', caption: 'Capa', width: 600, height: 545 } }));
    const stored = await repo.articles.get(id);
    expect(stored).toEqual({
      id,
      ...article({ conteudo: long }),
      data_publicacao: expect.stringMatching(ISO),
      data_atualizacao: expect.stringMatching(ISO),
      imagem_nome: 'capa.png',
      imagem_caption: 'Capa',
      imagem_alt: null,
      imagem_width: 600,
      imagem_height: 545,
      status: 'publicado',
      publicar_em: null,
      versao: 1,
      ja_publicado: true,
      id_criador: null,
      id_ultimo_editor: null,
      id_publicador: null,
      autores: [],
      clinico: false,
      referencias: [],
      revisao_medica: null,
      proxima_revisao: null,
    });
    expect(Date.parse(stored!.data_publicacao)).toBeGreaterThanOrEqual(before - 1);
    expect(stored!.data_atualizacao).toBe(stored!.data_publicacao);
  });

  it('keeps image fields null without an image, and a given publication date as is', async () => {
    const id = await repo.articles.create(article({ data_publicacao: '2025-02-03T04:05:06.789Z' }));
    expect(await repo.articles.get(id)).toMatchObject({
      data_publicacao: '2025-02-03T04:05:06.789Z',
      imagem_nome: null,
      imagem_caption: null,
      imagem_alt: null,
      imagem_width: null,
      imagem_height: null,
    });
  });

  it('keeps the main image\'s own alternative text apart from its caption (migration 14)', async () => {
    const imagem = { nome: 'capa.png', caption: 'Foto: Ana Lima/Arquivo', alt: 'Médica mostra o prontuário no tablet a um paciente', width: 600, height: 545 };
    const id = await repo.articles.create(article({ imagem }));
    expect(await repo.articles.get(id)).toMatchObject({ imagem_caption: imagem.caption, imagem_alt: imagem.alt });
    const { imagem: _imagem, ...fields } = article();
    await repo.articles.update(id, { autor: 'Outra', acao: 'editado', content: { ...fields, imagem: { ...imagem, alt: 'Tablet com o prontuário aberto' } } });
    expect((await repo.articles.get(id))?.imagem_alt).toBe('Tablet com o prontuário aberto');
    expect((await repo.revisions.revision(id, 1))?.snapshot).toMatchObject({ imagem_caption: imagem.caption, imagem_alt: imagem.alt });
    await repo.articles.update(id, { autor: 'Outra', acao: 'editado', content: { ...fields, imagem: { nome: 'capa.png', caption: 'Capa', width: 600, height: 545 } } });
    expect((await repo.articles.get(id))?.imagem_alt).toBeNull();
  });

  it('assigns increasing ids and previews the next one without consuming it', async () => {
    const first = await repo.articles.create(article());
    expect(await repo.articles.nextId()).toBe(first + 1);
    expect(await repo.articles.nextId()).toBe(first + 1);
    const second = await repo.articles.create(article());
    expect(second).toBe(first + 1);
    expect(await repo.articles.count()).toBe(2);
  });

  it('gives distinct ids to concurrent creations', async () => {
    const ids = await Promise.all(Array.from({ length: 25 }, (_, i) => repo.articles.create(article({ titulo: `Artigo ${i}` }))));
    expect(new Set(ids).size).toBe(25);
    expect(await repo.articles.count()).toBe(25);
  });

  it('lists newest first by date then id, in pages starting at 1, with the total', async () => {
    const at = (date: string) => repo.articles.create(article({ data_publicacao: `${date}T12:00:00.000Z` }));
    const jan = await at('2025-01-01');
    const marA = await at('2025-03-01');
    const feb = await at('2025-02-01');
    const marB = await at('2025-03-01');
    const first = await repo.publicArticles.latest(1, 3);
    expect(first.total).toBe(4);
    expect(first.items.map((item) => item.id)).toEqual([marB, marA, feb]);
    expect((await repo.publicArticles.latest(2, 3)).items.map((item) => item.id)).toEqual([jan]);
    expect(await repo.publicArticles.latest(3, 3)).toEqual({ items: [], total: 4 });
    expect((await repo.publicArticles.latest(1, 3)).items[0]).toEqual(await repo.articles.get(marB));
  });

  it('summarises every article for the sitemap', async () => {
    const id = await repo.articles.create(article({ titulo_url: 'resumo', data_publicacao: '2025-05-05T05:05:05.000Z' }));
    expect(await repo.publicArticles.summaries({ offset: 0 }, 1000)).toEqual([
      { id, titulo_url: 'resumo', data_publicacao: '2025-05-05T05:05:05.000Z', data_atualizacao: '2025-05-05T05:05:05.000Z' },
    ]);
    expect(await repo.publicArticles.publicStats()).toEqual({ total: 1, lastChange: '2025-05-05T05:05:05.000Z' });
  });

  it('pages the sitemap by offset or after a summary, in the order of the news list', async () => {
    const ids: number[] = [];
    for (const date of ['2025-01-01', '2025-03-01', '2025-02-01', '2025-03-01', '2025-04-01']) {
      ids.push(await repo.articles.create(article({ data_publicacao: `${date}T12:00:00.000Z` })));
    }
    const listed = (await repo.publicArticles.latest(1, 10)).items.map((item) => item.id);
    const firstTwo = await repo.publicArticles.summaries({ offset: 0 }, 2);
    const nextTwo = await repo.publicArticles.summaries({ after: firstTwo[1]! }, 2);
    expect(nextTwo).toEqual(await repo.publicArticles.summaries({ offset: 2 }, 2));
    const rest = await repo.publicArticles.summaries({ after: nextTwo[1]! }, 2);
    expect([...firstTwo, ...nextTwo, ...rest].map((summary) => summary.id)).toEqual(listed);
    expect(rest).toHaveLength(1);
    expect(await repo.publicArticles.publicStats()).toMatchObject({ total: 5 });
  });

  it('saves images as bytes with a content type and a sha-256 ETag, and touches the article', async () => {
    const id = await repo.articles.create(article({ data_publicacao: '2025-01-01T00:00:00.000Z' }));
    const saved = await repo.images.saveImage({ id_artigo: id, nome: 'capa.png', content_type: 'image/png', bytes: png(1) });
    expect(saved).toEqual({ id: expect.any(Number), nome: 'capa.png' });
    const image = await repo.images.getImage(id, 'capa.png');
    expect(image).toEqual({
      id: saved.id,
      id_artigo: id,
      nome: 'capa.png',
      content_type: 'image/png',
      bytes: png(1),
      etag: imageEtag(png(1)),
      updated_at: expect.stringMatching(ISO),
    });
    const touched = await repo.articles.get(id);
    expect(touched!.data_atualizacao).toBe(image!.updated_at);
    expect(touched!.data_publicacao).toBe('2025-01-01T00:00:00.000Z');
    expect((await repo.publicArticles.summaries({ offset: 0 }, 1000))[0]!.data_atualizacao).toBe(image!.updated_at);
  });

  it('replaces an image saved again under the same name, keeping its id', async () => {
    const id = await repo.articles.create(article());
    const other = await repo.articles.create(article());
    const first = await repo.images.saveImage({ id_artigo: id, nome: 'capa.png', content_type: 'image/png', bytes: png(1) });
    const replaced = await repo.images.saveImage({ id_artigo: id, nome: 'capa.png', content_type: 'image/gif', bytes: png(2) });
    const sibling = await repo.images.saveImage({ id_artigo: id, nome: 'outra.png', content_type: 'image/png', bytes: png(3) });
    const elsewhere = await repo.images.saveImage({ id_artigo: other, nome: 'capa.png', content_type: 'image/png', bytes: png(4) });
    expect(replaced.id).toBe(first.id);
    expect(new Set([first.id, sibling.id, elsewhere.id]).size).toBe(3);
    expect(await repo.images.getImage(id, 'capa.png')).toMatchObject({ content_type: 'image/gif', bytes: png(2), etag: imageEtag(png(2)) });
    expect((await repo.images.getImage(other, 'capa.png'))?.bytes).toEqual(png(4));
    expect(await repo.images.getImage(id, 'CAPA.png')).toBeNull();
  });

  it('refuses an image for a missing article and stores nothing', async () => {
    await expect(
      repo.images.saveImage({ id_artigo: 404, nome: 'capa.png', content_type: 'image/png', bytes: png(1) }),
    ).rejects.toBeInstanceOf(ArticleNotFoundError);
    expect(await repo.images.getImage(404, 'capa.png')).toBeNull();
  });

  it('saves an image set with its variants and lists it for the pages, variants ordered by format then width', async () => {
    const id = await repo.articles.create(article({ data_publicacao: '2025-01-01T00:00:00.000Z' }));
    const saved = await repo.images.saveImageSet(imageSet(id));
    expect(saved).toEqual({ id: expect.any(Number), nome: 'capa.jpg' });
    const [set, ...others] = await repo.images.imageSets([id]);
    expect(others).toEqual([]);
    const url = (arquivo: string) => `/assets/artigos/${id}/${arquivo}`;
    expect(set).toEqual({
      id: saved.id,
      focus: { x: 0.5, y: 0.5 },
      id_artigo: id,
      nome: 'capa.jpg',
      width: 1400,
      height: 700,
      hasAlpha: false,
      animated: false,
      masterUrl: url('capa.jpg'),
      variants: [
        { format: 'avif', width: 320, height: 160, url: url('capa.320w.dddd4444.avif'), bytes: 32 },
        { format: 'avif', width: 640, height: 320, url: url('capa.640w.cccc3333.avif'), bytes: 64 },
        { format: 'webp', width: 320, height: 160, url: url('capa.320w.bbbb2222.webp'), bytes: 32 },
        { format: 'webp', width: 640, height: 320, url: url('capa.640w.eeee5555.webp'), bytes: 64 },
        { format: 'jpeg', width: 320, height: 160, url: url('capa.320w.ffff6666.jpg'), bytes: 32 },
        { format: 'jpeg', width: 640, height: 320, url: url('capa.640w.aaaa1111.jpg'), bytes: 64 },
      ],
      social: { format: 'jpeg', width: 1200, height: 600, url: url('capa.social.abcd0000.jpg'), bytes: 120 },
    });
    expect(await repo.images.getImage(id, 'capa.jpg')).toEqual({
      id: saved.id,
      id_artigo: id,
      nome: 'capa.jpg',
      content_type: 'image/jpeg',
      bytes: Buffer.alloc(900, 7),
      etag: imageEtag(Buffer.alloc(900, 7)),
      updated_at: expect.stringMatching(ISO),
    });
    expect(await repo.images.getImageVariant(id, 'capa.320w.bbbb2222.webp')).toEqual({
      id: expect.any(Number),
      id_artigo: id,
      nome: 'capa.320w.bbbb2222.webp',
      content_type: 'image/webp',
      bytes: Buffer.alloc(32, 2),
      etag: imageEtag(Buffer.alloc(32, 2)),
      updated_at: expect.stringMatching(ISO),
    });
    expect((await repo.images.getImageVariant(id, 'capa.social.abcd0000.jpg'))?.bytes).toEqual(Buffer.alloc(120, 8));
    expect(await repo.images.getImageVariant(id, 'capa.jpg')).toBeNull();
    expect(await repo.images.getImageVariant(id + 1, 'capa.320w.bbbb2222.webp')).toBeNull();
    expect((await repo.articles.get(id))!.data_atualizacao).toBe((await repo.images.getImage(id, 'capa.jpg'))!.updated_at);
  });

  it('never replaces an image set: a taken name is refused and the first set stays whole', async () => {
    const id = await repo.articles.create(article());
    await repo.images.saveImageSet(imageSet(id));
    const second = imageSet(id);
    second.master.bytes = Buffer.alloc(10, 9);
    second.variants = [encoded('capa.320w.99999999.webp', 'webp', 320, 9)];
    await expect(repo.images.saveImageSet(second)).rejects.toBeInstanceOf(ImageNameTakenError);
    expect((await repo.images.getImage(id, 'capa.jpg'))!.bytes).toEqual(Buffer.alloc(900, 7));
    expect(await repo.images.getImageVariant(id, 'capa.320w.99999999.webp')).toBeNull();
    expect((await repo.images.imageSets([id]))[0]!.variants).toHaveLength(6);
  });

  it("keeps one generated share image per article: the first stored of a name stays, another name replaces it, the article's removal takes it", async () => {
    const id = await repo.articles.create(article());
    await repo.images.saveShareImage(id, 'compartilhar.aaaaaaaaaaaa.jpg', Buffer.alloc(50, 1));
    // Another instance that drew the same image: its copy is not stored again.
    await repo.images.saveShareImage(id, 'compartilhar.aaaaaaaaaaaa.jpg', Buffer.alloc(50, 2));
    expect(await repo.images.getShareImage(id, 'compartilhar.aaaaaaaaaaaa.jpg')).toEqual({
      id: expect.any(Number),
      id_artigo: id,
      nome: 'compartilhar.aaaaaaaaaaaa.jpg',
      content_type: 'image/jpeg',
      bytes: Buffer.alloc(50, 1),
      etag: imageEtag(Buffer.alloc(50, 1)),
      updated_at: expect.stringMatching(ISO),
    });
    expect(await repo.images.getShareImage(id + 1, 'compartilhar.aaaaaaaaaaaa.jpg')).toBeNull();
    await repo.images.saveShareImage(id, 'compartilhar.bbbbbbbbbbbb.jpg', Buffer.alloc(60, 3));
    expect(await repo.images.getShareImage(id, 'compartilhar.aaaaaaaaaaaa.jpg')).toBeNull();
    expect((await repo.images.getShareImage(id, 'compartilhar.bbbbbbbbbbbb.jpg'))?.bytes).toEqual(Buffer.alloc(60, 3));
    await expect(repo.images.saveShareImage(404, 'compartilhar.aaaaaaaaaaaa.jpg', Buffer.alloc(5))).rejects.toBeInstanceOf(ArticleNotFoundError);
    expect(await repo.articles.remove(id)).toBe(true);
    expect(await repo.images.getShareImage(id, 'compartilhar.bbbbbbbbbbbb.jpg')).toBeNull();
  });

  it('refuses an image set for a missing article and stores nothing', async () => {
    await expect(repo.images.saveImageSet(imageSet(404))).rejects.toBeInstanceOf(ArticleNotFoundError);
    expect(await repo.images.getImage(404, 'capa.jpg')).toBeNull();
    expect(await repo.images.getImageVariant(404, 'capa.320w.bbbb2222.webp')).toBeNull();
    expect(await repo.images.imageSets([404])).toEqual([]);
  });

  it('lists the image sets of several articles at once, by article then upload order, without legacy images', async () => {
    const a = await repo.articles.create(article());
    const b = await repo.articles.create(article());
    const c = await repo.articles.create(article());
    await repo.images.saveImageSet(imageSet(b, 'segunda.jpg'));
    await repo.images.saveImageSet(imageSet(a, 'capa.jpg'));
    await repo.images.saveImageSet(imageSet(b, 'primeira.png'));
    await repo.images.saveImageSet(imageSet(c, 'fora.jpg'));
    await repo.images.saveImage({ id_artigo: a, nome: 'antiga.png', content_type: 'image/png', bytes: png(1) });
    const sets = await repo.images.imageSets([b, a, 999, b]);
    expect(sets.map((set) => [set.id_artigo, set.nome])).toEqual([
      [a, 'capa.jpg'],
      [b, 'segunda.jpg'],
      [b, 'primeira.png'],
    ]);
    expect(sets[2]!.social.url).toBe(`/assets/artigos/${b}/primeira.social.abcd0000.jpg`);
    expect(await repo.images.imageSets([])).toEqual([]);
    expect(await repo.images.imageSets([0, -1, 2 ** 40])).toEqual([]);
  });

  it('stores an animated image set with its flags', async () => {
    const id = await repo.articles.create(article());
    const set = imageSet(id, 'animacao.gif');
    set.master = { ...set.master, content_type: 'image/gif', hasAlpha: true, animated: true };
    set.variants = [encoded('animacao.320w.12345678.webp', 'webp', 320, 1), encoded('animacao.320w.87654321.gif', 'gif', 320, 2)];
    await repo.images.saveImageSet(set);
    expect((await repo.images.imageSets([id]))[0]).toMatchObject({
      hasAlpha: true,
      animated: true,
      variants: [{ format: 'webp' }, { format: 'gif' }],
    });
  });

  it('announces its writes to subscribers until they unsubscribe, and survives a failing listener', async () => {
    const events: RepositoryEvent[] = [];
    repo.subscribe(() => {
      throw new Error('ouvinte quebrado');
    });
    const unsubscribe = repo.subscribe((event) => events.push(event));
    const id = await repo.articles.create(article());
    await repo.images.saveImage({ id_artigo: id, nome: 'capa.png', content_type: 'image/png', bytes: png(1) });
    await repo.images.saveImageSet(imageSet(id));
    await expect(repo.images.saveImageSet(imageSet(id))).rejects.toBeInstanceOf(ImageNameTakenError);
    unsubscribe();
    await repo.articles.create(article());
    expect(events).toEqual([
      { type: 'article-created', id, reach: 'placement' },
      { type: 'image-saved', id_artigo: id, nome: 'capa.png' },
      { type: 'image-saved', id_artigo: id, nome: 'capa.jpg' },
    ]);
  });

  it('announces what no reader sees as reaching nowhere: a draft created, edited and removed', async () => {
    const events: RepositoryEvent[] = [];
    repo.subscribe((event) => events.push(event));
    const id = await repo.articles.create(article({ status: 'rascunho' }));
    const draft = (await repo.articles.get(id))!;
    const { titulo_url, descricao, keywords } = draft;
    await repo.articles.update(id, { autor: 'Editora', acao: 'editado', content: { titulo: 'Outro título', titulo_url, descricao, keywords, conteudo: '<p>Outro.</p>' } });
    await repo.articles.remove(id);
    expect(events).toEqual([
      { type: 'article-created', id, reach: 'none' },
      { type: 'article-changed', id, reach: 'none' },
      { type: 'article-removed', id, reach: 'none' },
    ]);
  });

  it('keeps everything across a reopen, without applying migrations twice', async () => {
    const id = await repo.articles.create(article());
    await repo.images.saveImage({ id_artigo: id, nome: 'capa.png', content_type: 'image/png', bytes: png(1) });
    await repo.images.saveImageSet(imageSet(id));
    const before = await repo.articles.get(id);
    const sets = await repo.images.imageSets([id]);
    await reopen();
    expect(await repo.articles.get(id)).toEqual(before);
    expect(await repo.images.imageSets([id])).toEqual(sets);
    expect((await repo.images.getImage(id, 'capa.png'))?.bytes).toEqual(png(1));
    expect(await repo.articles.nextId()).toBe(id + 1);
  });
});

async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condição não atingida em ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(availableAdapters().filter((adapter) => adapter.name === 'postgres'))('postgres entre instâncias', (adapter) => {
  let store: Store;
  let a: Repository;
  let b: Repository;

  beforeEach(async () => {
    store = await adapter.createStore();
    [a, b] = await Promise.all([store.open(), store.open()]);
  });
  afterEach(async () => {
    await Promise.all([a.close(), b.close()]);
    await store.destroy();
  });

  it("delivers one instance's writes to the other's subscribers, and each write once to its own", async () => {
    const seenByA: RepositoryEvent[] = [];
    const seenByB: RepositoryEvent[] = [];
    a.subscribe((event) => seenByA.push(event));
    b.subscribe((event) => seenByB.push(event));
    const id = await a.articles.create(article());
    await a.images.saveImage({ id_artigo: id, nome: 'capa.png', content_type: 'image/png', bytes: png(1) });
    const expected = [
      { type: 'article-created', id, reach: 'placement' },
      { type: 'image-saved', id_artigo: id, nome: 'capa.png' },
    ];
    await eventually(() => seenByB.length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seenByB).toEqual(expected);
    expect(seenByA).toEqual(expected);
    expect(await b.articles.get(id)).toEqual(await a.articles.get(id));
  });

  it('listens again after its LISTEN connection is killed', async () => {
    const seenByB: RepositoryEvent[] = [];
    b.subscribe((event) => seenByB.push(event));
    const admin = new pg.Client({ connectionString: store.url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`,
      );
      expect(rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    await eventually(async () => {
      await a.articles.create(article());
      return seenByB.length > 0;
    });
    expect(seenByB[0]).toMatchObject({ type: 'article-created' });
  });
});

const postgresBin = findPostgresBin();

describe.each(availableAdapters().filter((adapter) => adapter.name === 'postgres' && postgresBin))(
  'postgres fora do ar',
  () => {
    it('fails ping quickly while the server is down and recovers by itself when it is back', async () => {
      const cluster = await startPostgresCluster(postgresBin!);
      const repo = await postgresAdapter(cluster.url)
        .createStore()
        .then((store) => store.open());
      try {
        await repo.articles.create(article());
        await cluster.kill();
        const started = Date.now();
        await expect(repo.ping()).rejects.toThrow();
        await expect(repo.articles.get(1)).rejects.toThrow();
        expect(Date.now() - started).toBeLessThan(5_000);

        await cluster.start();
        await eventually(() => repo.ping().then(() => true, () => false));
        expect(await repo.articles.get(1)).toMatchObject({ id: 1 });
        // A crash may skip sequence values (PostgreSQL logs them ahead), never reuse them.
        expect(await repo.articles.create(article())).toBeGreaterThan(1);
      } finally {
        await repo.close();
        await cluster.destroy();
      }
    });
  },
);
