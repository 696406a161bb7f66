import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../src/client/api-client.js';
import type { ArticleStatus, Credentials, NewArticlePayload, UploadedImage } from '../../../src/client/article-api.js';
import { ArticleSaver } from '../../../src/editor/form/article-saver.js';
import { FLOW_MESSAGES, runSaveFlow } from '../../../src/editor/form/publish-flow.js';
import { formatSaoPaulo, saoPauloInputToUtc, toSaoPauloInput } from '../../../src/content/sao-paulo-time.js';
import { UploadQueue, UPLOAD_MESSAGES } from '../../../src/editor/form/upload-queue.js';

const payload = (titulo = 'Título'): NewArticlePayload => ({
  titulo,
  titulo_url: 'titulo',
  descricao: 'Descrição',
  keywords: '',
  conteudo: '<p>Texto</p>',
});
const session: Credentials = { session: true };

/** An in-memory server with the workflow API's versions and states; it records every call. */
function fakeServer() {
  const calls: string[] = [];
  /** `heldForReview`: a published clinical article, whose edits wait for a medical review. */
  const article = { id: 0, versao: 0, status: 'rascunho' as ArticleStatus, body: payload(), heldForReview: false };
  let nextId = 41;
  const ok = <T>(value: T): Promise<ApiResult<T>> => Promise.resolve({ ok: true, value });
  const api = {
    create: (_c: Credentials, body: NewArticlePayload, status?: string) => {
      calls.push(`create ${status}`);
      Object.assign(article, { id: nextId++, versao: 1, status: status ?? 'publicado', body });
      return ok(article.id);
    },
    getForEditing: (id: number) => {
      calls.push(`get ${id}`);
      return ok({ ...article, id });
    },
    update: (id: number, _c: Credentials, body: NewArticlePayload, versao: number): Promise<ApiResult<{ id: number; versao: number; aguardando_revisao_medica?: true }>> => {
      calls.push(`update v${versao}`);
      if (versao !== article.versao) return Promise.resolve({ ok: false, status: 409, message: 'Versão desatualizada.' });
      Object.assign(article, { versao: article.versao + 1, body });
      return ok({ id, versao: article.versao, ...(article.heldForReview ? { aguardando_revisao_medica: true as const } : {}) });
    },
    setStatus: (id: number, _c: Credentials, status: ArticleStatus, publicarEm?: string) => {
      calls.push(`status ${status}${publicarEm ? ` ${publicarEm}` : ''}`);
      Object.assign(article, { status, versao: article.versao + 1 });
      return ok({ id, status, versao: article.versao });
    },
  };
  return { api: api as unknown as ConstructorParameters<typeof ArticleSaver>[0], calls, article };
}

const image = (nome: string): UploadedImage => ({
  id: 1,
  nome,
  width: 2560,
  height: 1920,
  masterUrl: `/assets/artigos/41/${nome}`,
  variants: [
    { format: 'webp', width: 640, height: 480, url: `/assets/artigos/41/${nome}-640.webp`, bytes: 1 },
    { format: 'avif', width: 320, height: 240, url: `/assets/artigos/41/${nome}-320.avif`, bytes: 1 },
    { format: 'webp', width: 320, height: 240, url: `/assets/artigos/41/${nome}-320.webp`, bytes: 1 },
  ],
  social: { format: 'jpeg', width: 1200, height: 900, url: `/assets/artigos/41/${nome}-social.jpg`, bytes: 1 },
});

const photo = (name: string, bytes = 4 * 1_048_576) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
const noUrls = { create: (file: File) => `blob:${file.name}`, revoke: () => undefined };

/** Uploads that fail for the names in `refuse` (as many times as they appear). */
function fakeUploads(refuse: string[] = []) {
  const sent: string[] = [];
  const upload = (file: File, filename: string, id: number, _c: Credentials, onProgress: (p: { loaded: number; total: number }) => void) => {
    sent.push(`${filename}@${id}`);
    onProgress({ loaded: file.size / 2, total: file.size });
    const index = refuse.indexOf(filename);
    if (index >= 0) {
      refuse.splice(index, 1);
      return Promise.resolve<ApiResult<UploadedImage>>({ ok: false, status: 422, message: 'A imagem tem mais de 50 megapixels.' });
    }
    return Promise.resolve<ApiResult<UploadedImage>>({ ok: true, value: image(filename.toLowerCase()) });
  };
  return { upload, sent };
}

describe('saving one article on the server', () => {
  it('creates a new article as a draft once, learns its version, then updates with it', async () => {
    const server = fakeServer();
    const saver = new ArticleSaver(server.api, { id: null, versao: null, status: null });
    expect(await saver.save(session, () => payload())).toEqual({ kind: 'saved', id: 41, versao: 1, created: true, unchanged: false });
    expect(await saver.save(session, () => payload('Outro'))).toMatchObject({ kind: 'saved', versao: 2, created: false });
    expect(server.calls).toEqual(['create rascunho', 'get 41', 'update v1']);
  });

  it('does not send what the server already has', async () => {
    const server = fakeServer();
    const saver = new ArticleSaver(server.api, { id: 41, versao: 3, status: 'rascunho' }, payload());
    Object.assign(server.article, { id: 41, versao: 3 });
    expect(await saver.save(session, () => payload())).toMatchObject({ unchanged: true });
    expect(server.calls).toEqual([]);
  });

  it('runs saves one at a time, each reading the text when its turn comes', async () => {
    const server = fakeServer();
    const saver = new ArticleSaver(server.api, { id: null, versao: null, status: null });
    let text = 'a';
    const first = saver.save(session, () => payload(text));
    const second = saver.save(session, () => payload(text));
    text = 'b';
    await Promise.all([first, second]);
    // The first save created with "b" (it read when its turn came); the second had nothing new to send.
    expect(server.calls).toEqual(['create rascunho', 'get 41']);
    expect(server.article.body.titulo).toBe('b');
  });

  it('two tabs on one article: the second save is a conflict and writes nothing, until the editor overwrites', async () => {
    const server = fakeServer();
    Object.assign(server.article, { id: 41, versao: 5 });
    const tabA = new ArticleSaver(server.api, { id: 41, versao: 5, status: 'rascunho' });
    const tabB = new ArticleSaver(server.api, { id: 41, versao: 5, status: 'rascunho' });
    expect(await tabA.save(session, () => payload('Da aba A'))).toMatchObject({ kind: 'saved', versao: 6 });
    expect(await tabB.save(session, () => payload('Da aba B'))).toEqual({ kind: 'conflict' });
    expect(server.article.body.titulo).toBe('Da aba A');
    await tabB.overwriteNext(session);
    expect(await tabB.save(session, () => payload('Da aba B'))).toMatchObject({ kind: 'saved', versao: 7 });
    expect(server.article.body.titulo).toBe('Da aba B');
  });
});

describe('atomic publishing (issue 11)', () => {
  const flow = (server: ReturnType<typeof fakeServer>, queue: UploadQueue, saver: ArticleSaver, isNew = true) => ({
    saver,
    uploads: queue,
    credentials: session,
    read: () => payload(),
    isNew,
  });

  it('saves a draft, uploads every file, and only then publishes', async () => {
    const server = fakeServer();
    const uploads = fakeUploads();
    const queue = new UploadQueue(uploads.upload, [], noUrls);
    queue.choose(0, photo('Foto 1.JPG'));
    queue.choose(1, photo('foto-2.jpg'));
    const saver = new ArticleSaver(server.api, { id: null, versao: null, status: null });
    const report = await runSaveFlow(flow(server, queue, saver), { kind: 'publish' });
    expect(report.lines.map((line) => line.text)).toEqual(['Arquivo carregado: Foto 1.JPG', 'Arquivo carregado: foto-2.jpg', 'Artigo cadastrado!']);
    expect(server.calls).toEqual(['create rascunho', 'get 41', 'status publicado']);
    expect(uploads.sent).toEqual(['Foto 1.JPG@41', 'foto-2.jpg@41']);
    expect(queue.images().map((item) => [item.nome, item.width, item.height, item.thumbUrl])).toEqual([
      ['foto 1.jpg', 2560, 1920, '/assets/artigos/41/foto 1.jpg-320.webp'],
      ['foto-2.jpg', 2560, 1920, '/assets/artigos/41/foto-2.jpg-320.webp'],
    ]);
  });

  it('a refused file keeps the article a draft, stays in its slot, and a retry sends only it', async () => {
    const server = fakeServer();
    const uploads = fakeUploads(['gigante.png']);
    const queue = new UploadQueue(uploads.upload, [], noUrls);
    queue.choose(0, photo('boa.jpg'));
    queue.choose(1, photo('gigante.png'));
    const saver = new ArticleSaver(server.api, { id: null, versao: null, status: null });
    const first = await runSaveFlow(flow(server, queue, saver), { kind: 'publish' });
    expect(first.ok).toBe(false);
    expect(first.lines.map((line) => line.text)).toEqual([
      'Arquivo carregado: boa.jpg',
      'Erro ao carregar arquivo: gigante.png\nA imagem tem mais de 50 megapixels.',
      FLOW_MESSAGES.keptAsDraft,
    ]);
    expect(server.article.status).toBe('rascunho');
    expect(server.calls).not.toContain('status publicado');
    const failed = queue.snapshot().find((slot) => slot.name === 'gigante.png')!;
    expect(failed.state).toEqual({ kind: 'failed', message: 'A imagem tem mais de 50 megapixels.' });
    expect(failed.file).not.toBeNull();

    const retry = await runSaveFlow(flow(server, queue, saver), { kind: 'publish' });
    expect(retry.ok).toBe(true);
    expect(uploads.sent).toEqual(['boa.jpg@41', 'gigante.png@41', 'gigante.png@41']);
    expect(server.calls.filter((call) => call.startsWith('create'))).toHaveLength(1);
    expect(server.article.status).toBe('publicado');
  });

  it('an update of a published article waits for its files: a failure leaves the live text unchanged', async () => {
    const server = fakeServer();
    Object.assign(server.article, { id: 41, versao: 2, status: 'publicado' });
    const queue = new UploadQueue(fakeUploads(['nova.jpg']).upload, [], noUrls);
    queue.choose(0, photo('nova.jpg'));
    const saver = new ArticleSaver(server.api, { id: 41, versao: 2, status: 'publicado' }, payload());
    const read = () => payload('Título corrigido');
    const report = await runSaveFlow({ ...flow(server, queue, saver, false), read }, { kind: 'save' });
    expect(report.lines.at(-1)!.text).toBe(FLOW_MESSAGES.liveUnchanged);
    expect(server.calls).toEqual([]);
    const again = await runSaveFlow({ ...flow(server, queue, saver, false), read }, { kind: 'save' });
    expect(again.lines.map((line) => line.text)).toEqual(['Arquivo carregado: nova.jpg', 'Artigo atualizado!']);
    expect(server.article.body.titulo).toBe('Título corrigido');
  });

  it('says that an edit of a published clinical article waits for the medical review, not that it is live', async () => {
    const server = fakeServer();
    Object.assign(server.article, { id: 41, versao: 2, status: 'publicado', heldForReview: true });
    const queue = new UploadQueue(fakeUploads().upload, [], noUrls);
    const saver = new ArticleSaver(server.api, { id: 41, versao: 2, status: 'publicado' }, payload());
    const report = await runSaveFlow({ ...flow(server, queue, saver, false), read: () => payload('Título revisto') }, { kind: 'save' });
    expect(report.lines).toEqual([{ kind: 'success', text: 'Alteração salva. Aguardando revisão médica para ir ao ar.' }]);
    server.article.heldForReview = false;
    const approved = await runSaveFlow({ ...flow(server, queue, saver, false), read: () => payload('Título revisto de novo') }, { kind: 'save' });
    expect(approved.lines).toEqual([{ kind: 'success', text: FLOW_MESSAGES.updated }]);
  });

  it('schedules in UTC and unpublishes', async () => {
    const server = fakeServer();
    const queue = new UploadQueue(fakeUploads().upload, [], noUrls);
    const saver = new ArticleSaver(server.api, { id: null, versao: null, status: null });
    const publicarEm = saoPauloInputToUtc('2026-11-25T14:30')!;
    const report = await runSaveFlow(flow(server, queue, saver), { kind: 'schedule', publicarEm });
    expect(report.lines.at(-1)!.text).toBe('Artigo agendado para 25/11/2026 14:30 (horário de Brasília).');
    expect(server.calls.at(-1)).toBe('status agendado 2026-11-25T17:30:00.000Z');
    await runSaveFlow(flow(server, queue, saver), { kind: 'unpublish' });
    expect(server.article.status).toBe('despublicado');
  });
});

describe('the uploader slots', () => {
  it('refuses a file over 10 MB without taking a slot', () => {
    const queue = new UploadQueue(fakeUploads().upload, [], noUrls);
    expect(queue.choose(0, photo('enorme.jpg', 10 * 1_048_576 + 1))).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(queue.snapshot()).toHaveLength(1);
  });

  it('shows progress while uploading and keeps an empty slot at the end', async () => {
    const fractions: number[] = [];
    const queue = new UploadQueue(fakeUploads().upload, [], noUrls);
    queue.subscribe(() => {
      const state = queue.snapshot()[0]!.state;
      if (state.kind === 'uploading') fractions.push(state.fraction);
    });
    queue.choose(0, photo('a.jpg'));
    queue.setSize(0, { width: 4000, height: 3000 });
    expect(queue.snapshot().map((slot) => slot.state.kind)).toEqual(['queued', 'empty']);
    expect(queue.snapshot()[0]!.size).toEqual({ width: 4000, height: 3000 });
    await queue.start(0, { id: 41, credentials: session });
    expect(fractions).toEqual([0, 0.5]);
    // The server's size after orientation and the 2560 px cap replaces the browser's.
    expect(queue.snapshot()[0]!.size).toEqual({ width: 2560, height: 1920 });
  });

  it('starts with the images already on the server, which cannot be cancelled', () => {
    const existing = { nome: 'capa.jpg', url: '/assets/artigos/7/capa.jpg', width: 1200, height: 800, thumbUrl: '/t.webp' };
    const queue = new UploadQueue(fakeUploads().upload, [existing], noUrls);
    queue.cancel(0);
    expect(queue.images()).toEqual([existing]);
    expect(queue.pending()).toEqual([]);
  });
});

describe('scheduling time (America/Sao_Paulo in the form, UTC on the wire)', () => {
  it('converts both ways', () => {
    expect(saoPauloInputToUtc('2026-01-01T00:00')).toBe('2026-01-01T03:00:00.000Z');
    expect(toSaoPauloInput(new Date('2026-01-01T03:00:00Z'))).toBe('2026-01-01T00:00');
    expect(formatSaoPaulo('2026-11-25T17:30:00.000Z')).toBe('25/11/2026 14:30');
  });

  it('follows the time zone database, not a fixed offset (daylight saving time in 2018)', () => {
    expect(saoPauloInputToUtc('2018-12-01T12:00')).toBe('2018-12-01T14:00:00.000Z');
  });

  it('refuses what is not a date and time', () => {
    expect(saoPauloInputToUtc('')).toBeNull();
    expect(saoPauloInputToUtc('2026-02-30T10:00')).toBeNull();
  });
});
