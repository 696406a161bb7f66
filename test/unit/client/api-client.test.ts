import { describe, expect, it } from 'vitest';
import { apiRequest, interpretResponse } from '../../../src/client/api-client.js';
import { createArticleApi } from '../../../src/client/article-api.js';
import { API_MESSAGES } from '../../../src/client/messages.js';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
const text = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
const envelope = (status: number, messages: string[], value: unknown = null) => ({ status, messages, command: 'x', value, fcrj: 1 });

describe('the error catalogue of spec section 8', () => {
  it('200 with an envelope of status 1 gives its value', async () => {
    expect(await interpretResponse(json(200, envelope(1, [], 42)))).toEqual({ ok: true, value: 42 });
  });

  it('200 with plain JSON or text gives the body itself', async () => {
    expect(await interpretResponse(json(200, { a: 1 }))).toEqual({ ok: true, value: { a: 1 } });
    expect(await interpretResponse(text(200, '7'))).toEqual({ ok: true, value: '7' });
  });

  it('an envelope that is not OK gives its messages', async () => {
    expect(await interpretResponse(json(200, envelope(0, ['Falhou.'])))).toMatchObject({ ok: false, message: 'Falhou.' });
  });

  it('400 with a list joins its items by new lines', async () => {
    expect(await interpretResponse(json(400, ['Informe o título.', 'Informe a descrição.']))).toEqual({
      ok: false,
      status: 400,
      message: 'Informe o título.\nInforme a descrição.',
    });
  });

  it('400 with an envelope shows its messages and returns the envelope', async () => {
    const body = envelope(0, ['Título muito longo.', 'Descrição vazia.']);
    expect(await interpretResponse(json(400, body))).toEqual({
      ok: false,
      status: 400,
      message: 'Título muito longo.\nDescrição vazia.',
      envelope: body,
    });
  });

  it('500 shows the error id sent as plain text', async () => {
    expect(await interpretResponse(text(500, 'a1b2c3'))).toMatchObject({ status: 500, message: 'Erro interno no servidor. ID: a1b2c3' });
    expect(await interpretResponse(json(500, { erro: true }))).toMatchObject({ message: 'Erro interno no servidor.' });
    expect(await interpretResponse(text(500, ''))).toMatchObject({ message: 'Erro interno no servidor.' });
  });

  it('403 shows the server message (issue 5), or a generic one', async () => {
    expect(await interpretResponse(json(403, envelope(0, ['Chave de editor inválida.'])))).toMatchObject({
      status: 403,
      message: 'Chave de editor inválida.',
    });
    expect(await interpretResponse(text(403, ''))).toMatchObject({ message: 'Acesso negado.' });
  });

  it('401 says that nothing was lost', async () => {
    const result = await interpretResponse(text(401, ''));
    expect(result).toMatchObject({ ok: false, status: 401 });
    expect(!result.ok && result.message).toContain('rascunho continua salvo');
  });

  it('404 says the API was not found', async () => {
    expect(await interpretResponse(text(404, 'x'))).toMatchObject({ message: 'API não encontrada.' });
  });

  it('429 shows the rate-limit message', async () => {
    expect(await interpretResponse(json(429, envelope(0, ['Muitas tentativas.'])))).toMatchObject({ message: 'Muitas tentativas.' });
  });

  it('413 and 415 show the server message when it sends one', async () => {
    expect(await interpretResponse(json(413, envelope(0, ['O corpo da requisição excede o limite de 1 MB.'])))).toMatchObject({
      message: 'O corpo da requisição excede o limite de 1 MB.',
    });
    expect(await interpretResponse(text(415, 'x'))).toMatchObject({ message: 'HTTP Status desconhecido.' });
  });

  it.each([302, 405, 418, 502, 503])('%i is an unknown status', async (status) => {
    expect(await interpretResponse(text(status, 'x'))).toMatchObject({ ok: false, status, message: 'HTTP Status desconhecido.' });
  });

  it('a network failure says the server could not be reached', async () => {
    const failing = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await apiRequest('/api/x', {}, failing)).toEqual({
      ok: false,
      status: null,
      message: 'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.',
    });
  });
});

describe('article endpoints', () => {
  /** Records what an upload sends and answers like the server. */
  class FakeUpload {
    static sent: { method: string; url: string; body: FormData; withCredentials: boolean }[] = [];
    status = 0;
    response: string | null = null;
    withCredentials = false;
    responseType: XMLHttpRequestResponseType = '';
    upload = {} as XMLHttpRequestUpload;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private target = { method: '', url: '' };
    constructor(private readonly answer: { status: number; body: unknown }) {}
    open(method: string, url: string) {
      this.target = { method, url };
    }
    setRequestHeader() {}
    getAllResponseHeaders() {
      return 'content-type: application/json; charset=utf-8\r\n';
    }
    send(body: FormData) {
      FakeUpload.sent.push({ ...this.target, body, withCredentials: this.withCredentials });
      this.upload.onprogress?.call(this as never, { lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
      this.status = this.answer.status;
      this.response = JSON.stringify(this.answer.body);
      this.onload?.();
    }
  }

  it('send credentials, JSON for creation and multipart for uploads', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fake = (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      return Promise.resolve(json(200, envelope(1, [], 9)));
    };
    const transport = () => new FakeUpload({ status: 200, body: envelope(1, [], { id: 1, nome: 'foto.png' }) }) as never;
    const api = createArticleApi('/api', fake, transport);
    await api.create({ key: 'chave' }, { titulo: 't', titulo_url: 't', descricao: 'd', keywords: '', conteudo: '<p>x</p>' });
    const progress: number[] = [];
    const uploaded = await api.uploadImage(new Blob(['x'], { type: 'image/png' }), 'foto.png', 9, { key: 'chave' }, (step) =>
      progress.push(step.loaded / step.total),
    );
    expect(uploaded).toEqual({ ok: true, value: { id: 1, nome: 'foto.png' } });
    expect(progress).toEqual([0.5]);
    expect(calls.map((call) => [call.url, call.init.method, call.init.credentials])).toEqual([['/api/artigos/novo', 'POST', 'include']]);
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      key: 'chave',
      titulo: 't',
      titulo_url: 't',
      descricao: 'd',
      keywords: '',
      conteudo: '<p>x</p>',
    });
    const sent = FakeUpload.sent.at(-1)!;
    expect([sent.method, sent.url, sent.withCredentials]).toEqual(['POST', '/api/artigos/upload-imagem', true]);
    expect([...sent.body.keys()]).toEqual(['filename', 'id_artigo', 'key', 'file']);
    expect(sent.body.get('id_artigo')).toBe('9');
  });

  it('an upload refused by the server gives its message', async () => {
    const transport = () => new FakeUpload({ status: 415, body: envelope(0, ['O arquivo não é uma imagem.']) }) as never;
    const api = createArticleApi('/api', fetch, transport);
    expect(await api.uploadImage(new Blob(['x']), 'a.txt', 9, { session: true })).toMatchObject({
      ok: false,
      status: 415,
      message: 'O arquivo não é uma imagem.',
    });
    expect([...FakeUpload.sent.at(-1)!.body.keys()]).toEqual(['filename', 'id_artigo', 'file']);
  });

  it('a session sends no key; a typed key reads with a Bearer header; a stale version is a conflict', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const answers = [json(200, envelope(1, [], { id: 3, versao: 2 })), json(409, envelope(0, ['Versão desatualizada.'])), json(200, envelope(1, [], {}))];
    const fake = (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      return Promise.resolve(answers.shift()!);
    };
    const api = createArticleApi('/api', fake);
    const payload = { titulo: 't', titulo_url: 't', descricao: 'd', keywords: '', conteudo: '<p>x</p>' };
    expect(await api.update(3, { session: true }, payload, 1)).toEqual({ ok: true, value: { id: 3, versao: 2 } });
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ ...payload, versao: 1 });
    expect(await api.update(3, { session: true }, payload, 1)).toMatchObject({ ok: false, status: 409, message: 'Versão desatualizada.' });
    await api.getForEditing(3, { key: 'chave' });
    expect((calls[2]!.init.headers as Record<string, string>).authorization).toBe('Bearer chave');
  });

  it('a session that ran out reads a published article like anyone: reading it for editing asks to sign in again', async () => {
    const publicAnswer = () => Promise.resolve(json(200, envelope(1, [], { id: 3, titulo: 't', titulo_url: 't', data_publicacao: '2026-01-01T00:00:00.000Z' })));
    const api = createArticleApi('/api', publicAnswer);
    expect(await api.getForEditing(3, { session: true })).toEqual({ ok: false, status: 401, message: API_MESSAGES.unauthorized });
  });
});
