import { readFileSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../../src/db/repository.js';
import type { ImageSet } from '../../src/images/image-set.js';
import { articlePath } from '../../src/routes/paths.js';
import { createArticle, createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { articleBody } from '../support/articles-api.js';
import { unsafeParts } from '../support/html-safety.js';
import { child, childrenNamed, parseXml } from '../support/parse-xml.js';
import { executableScripts, jsonLdOfType, metaContent } from './news-html.js';

/**
 * A catalogue of hostile requests: OWASP XSS vectors in the HTML, tricks in file names, polyglot and
 * oversized files, wrong content types, deep JSON, huge numbers, null bytes, bidi overrides and header
 * injection. Each must get a clear 4xx with a Portuguese message and store nothing.
 * Text fields are text, not HTML: the same XSS vectors there are stored as typed and must come out
 * escaped in every output (page, list, meta tags, JSON-LD, RSS, API). Images with something after their
 * end are the exception: they are accepted, and what is served is re-encoded without it.
 */

const PNG = readFileSync('test/fixtures/uploads/pixel.png');
const GIF = readFileSync('test/fixtures/uploads/pixel.gif');
const PORTUGUESE = /\b(não|inválid[oa]|informe|envie|arquivo|conteúdo|título|chave|imagem|deve|campo|corpo|nome|perigos[oa])\b/i;

const TEXT_VECTORS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  '"><iframe src=javascript:alert(1)>',
  '<a href="javascript:alert(1)">clique</a>',
  '<body onload=alert(1)>',
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<details open ontoggle=alert(1)>',
];

const HTML_VECTORS = [
  '<p>oi</p><script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<iframe src="https://exemplo.com"></iframe>',
  '<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>',
  '<embed src="https://exemplo.com/x.swf">',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<p onclick="alert(1)">x</p>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<input autofocus onfocus=alert(1)>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<img src="data:text/html,<script>alert(1)</script>">',
];

const FILE_NAMES = [
  '../../etc/passwd.png',
  '..\\..\\windows\\win.ini.png',
  '/etc/shadow.png',
  'foto\u0000.png',
  'foto.png\u0000.exe',
  '\u202Egnp.exe',
  '．．／．．／foto.png',
  'foto%2f..%2f..%2fx.png',
  'foto\r\nContent-Type: text/html.png',
];

type Case = { name: string; status: number; send: (app: TestApp['app']) => request.Test };

function create(overrides: Record<string, unknown>) {
  return (app: TestApp['app']) => request(app).post('/api/artigos/novo').send(articleBody(overrides));
}

function upload(bytes: Buffer, filename: string, fields: Record<string, string> = {}) {
  return (app: TestApp['app']) => {
    let req = request(app).post('/api/artigos/upload-imagem').field('key', TEST_EDITOR_KEY).field('filename', filename);
    req = req.field('id_artigo', fields.id_artigo ?? String(targetId));
    return req.attach('file', bytes, { filename: 'upload.bin', contentType: 'image/png' });
  };
}

let targetId = 0;
const withImage = (imagem: Record<string, unknown>) => ({
  imagem: { nome: 'capa.png', caption: 'Legenda', width: 600, height: 400, ...imagem },
});
const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

const CONTROL_AND_BIDI = ['\u0000', '\u0007', '\u001b[31m', '\u007f', '\u0085', '\u202e', '\u2066'];

const CASES: Case[] = [
  ...['titulo', 'descricao', 'keywords'].flatMap((field) =>
    CONTROL_AND_BIDI.map((character) => ({
      name: `${field} com ${JSON.stringify(character)}`,
      status: 400,
      send: create({ [field]: `Texto ${character} oculto` }),
    })),
  ),
  { name: 'imagem.caption com override bidirecional', status: 400, send: create(withImage({ caption: 'Legenda \u202Egnp.exe' })) },
  ...HTML_VECTORS.map((vector) => ({ name: `XSS em conteudo: ${vector}`, status: 400, send: create({ conteudo: vector }) })),
  ...FILE_NAMES.map((name) => ({ name: `nome de arquivo no envio: ${JSON.stringify(name)}`, status: 400, send: upload(PNG, name) })),
  ...FILE_NAMES.slice(0, 4).map((name) => ({ name: `imagem.nome: ${JSON.stringify(name)}`, status: 400, send: create(withImage({ nome: name })) })),
  { name: 'GIF/JavaScript poliglota', status: 422, send: upload(Buffer.from('GIF89a/*\u0000\u0000\u0000\u0000*/=alert(1);', 'latin1'), 'a.gif') },
  { name: 'HTML com assinatura PNG', status: 422, send: upload(Buffer.concat([PNG.subarray(0, 8), Buffer.from('<html><script>alert(1)</script></html>')]), 'a.png') },
  { name: 'GIF com <script> no meio dos dados', status: 422, send: upload(Buffer.concat([GIF.subarray(0, GIF.length - 1), Buffer.from('<script>alert(1)</script>'), GIF.subarray(-1)]), 'a.gif') },
  { name: 'PDF renomeado', status: 415, send: upload(Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'), 'a.png') },
  { name: 'HTML renomeado', status: 415, send: upload(Buffer.from('<!doctype html><script>alert(1)</script>'), 'a.png') },
  { name: 'SVG com script', status: 415, send: upload(readFileSync('test/fixtures/uploads/svg-com-script.svg'), 'a.svg') },
  { name: 'executável renomeado .png', status: 415, send: upload(readFileSync('test/fixtures/uploads/executavel-renomeado.png'), 'a.png') },
  { name: 'arquivo vazio', status: 415, send: upload(Buffer.alloc(0), 'vazio.png') },
  { name: '10 MB + 1 byte', status: 413, send: upload(Buffer.concat([PNG, Buffer.alloc(10 * 1_048_576 + 1 - PNG.length)]), 'grande.png') },
  { name: 'id_artigo com byte nulo no envio', status: 400, send: upload(PNG, 'a.png', { id_artigo: '1\u0000' }) },
  { name: 'id_artigo negativo no envio', status: 400, send: upload(PNG, 'a.png', { id_artigo: '-1' }) },
  { name: 'novo como text/plain', status: 415, send: (app) => request(app).post('/api/artigos/novo').set('content-type', 'text/plain').send(JSON.stringify(articleBody())) },
  { name: 'novo como formulário', status: 415, send: (app) => request(app).post('/api/artigos/novo').type('form').send({ titulo: 'x' }) },
  { name: 'novo como XML', status: 415, send: (app) => request(app).post('/api/artigos/novo').set('content-type', 'application/xml').send('<artigo/>') },
  { name: 'novo como multipart', status: 415, send: (app) => request(app).post('/api/artigos/novo').field('titulo', 'x') },
  { name: 'últimas notícias como text/plain', status: 415, send: (app) => request(app).post('/api/artigos/ultimas-noticias').set('content-type', 'text/plain').send('{}') },
  { name: 'envio de imagem como JSON', status: 415, send: (app) => request(app).post('/api/artigos/upload-imagem').send({ key: TEST_EDITOR_KEY }) },
  { name: 'JSON com 10 000 níveis', status: 400, send: (app) => request(app).post('/api/artigos/novo').set('content-type', 'application/json').send(deepArray(10_000)) },
  { name: 'título como objeto profundo', status: 400, send: create({ titulo: JSON.parse(`{"a":${'{"a":'.repeat(200)}1${'}'.repeat(200)}}`) }) },
  { name: 'JSON maior que 1 MB', status: 413, send: create({ conteudo: `<p>${'a'.repeat(1_100_000)}</p>` }) },
  { name: 'largura 1e308', status: 400, send: create(withImage({ width: 1e308 })) },
  { name: 'largura acima de 2^53', status: 400, send: (app) => request(app).post('/api/artigos/novo').set('content-type', 'application/json').send(JSON.stringify(articleBody(withImage({}))).replace('"width":600', '"width":9007199254740993')) },
  { name: 'altura negativa', status: 400, send: create(withImage({ height: -1 })) },
  { name: 'altura fracionária', status: 400, send: create(withImage({ height: 1.5 })) },
  { name: 'largura como texto', status: 400, send: create(withImage({ width: '600' })) },
  { name: 'pageIndex 1e308', status: 400, send: (app) => request(app).post('/api/artigos/ultimas-noticias').send({ pageIndex: 1e308, pageSize: 12 }) },
  { name: 'pageSize um milhão', status: 400, send: (app) => request(app).post('/api/artigos/ultimas-noticias').send({ pageIndex: 1, pageSize: 1_000_000 }) },
  { name: 'id enorme na URL', status: 400, send: (app) => request(app).get('/api/artigos/99999999999999999999') },
  { name: 'id em notação científica', status: 400, send: (app) => request(app).get('/api/artigos/1e3') },
  { name: 'id com byte nulo', status: 400, send: (app) => request(app).get('/api/artigos/1%00') },
  { name: 'título com byte nulo', status: 400, send: create({ titulo: 'Título\u0000oculto' }) },
  { name: 'descrição com caractere de controle', status: 400, send: create({ descricao: 'Descrição\u0007' }) },
  { name: 'título com override bidirecional', status: 400, send: create({ titulo: 'Receita \u202Egnp.exe' }) },
  { name: 'chave com byte nulo', status: 403, send: create({ key: `${TEST_EDITOR_KEY}\u0000` }) },
  { name: 'titulo_url com CRLF', status: 400, send: create({ titulo_url: 'artigo\r\nSet-Cookie: sessao=1' }) },
  { name: 'titulo_url com CRLF codificado', status: 400, send: create({ titulo_url: 'artigo%0d%0aLocation:%20https://mal.example' }) },
  { name: 'titulo_url com byte nulo', status: 400, send: create({ titulo_url: 'artigo\u0000x' }) },
];

describe('catálogo de requisições hostis', () => {
  let app: TestApp;
  let baselineCount = 0;

  beforeAll(async () => {
    app = await createTestApp({ env: { EDITOR_KEY_MAX_FAILURES: '1000' } });
    targetId = (await createArticle(app.repo)).id;
    baselineCount = await app.repo.articles.count();
  });
  afterAll(() => app.close());

  it('tem pelo menos 70 casos', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(70);
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s → 4xx com mensagem em português', async (_name, hostile) => {
    const response = await hostile.send(app.app);
    expect(response.status).toBe(hostile.status);
    expect(response.body.status).toBe(0);
    const messages = response.body.messages as string[];
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message).toMatch(PORTUGUESE);
  });

  it.each([
    ['PNG com HTML no fim', Buffer.concat([PNG, Buffer.from('<script>alert(1)</script>')])],
    ['PNG com ZIP no fim', Buffer.concat([PNG, Buffer.from('PK\u0003\u0004poliglota')])],
    ['GIF com HTML depois do fim', Buffer.concat([GIF, Buffer.from('<html><script>alert(1)</script></html>')])],
  ])('%s é aceito e reescrito: nada do que é servido carrega o que vinha depois da imagem', async (_name, polyglot) => {
    const response = await request(app.app)
      .post('/api/artigos/upload-imagem')
      .field('key', TEST_EDITOR_KEY)
      .field('id_artigo', String(targetId))
      .field('filename', 'poliglota.png')
      .attach('file', polyglot, 'poliglota.png');
    expect(response.status).toBe(200);
    const { masterUrl, social, variants } = response.body.value as ImageSet;
    for (const url of [masterUrl, social.url, ...variants.map((variant) => variant.url)]) {
      const served = Buffer.from((await request(app.app).get(url).buffer(true)).body as Buffer);
      expect(served.length).toBeGreaterThan(0);
      for (const marker of ['<script', '<html', 'PK\u0003\u0004']) expect(served.includes(marker), `${url} ${marker}`).toBe(false);
    }
  });

  it('nada foi gravado pelas requisições recusadas', async () => {
    expect(await app.repo.articles.count()).toBe(baselineCount);
    for (const name of ['a.png', 'a.gif', 'grande.png', 'vazio.png', 'passwd.png', 'foto.png', 'shadow.png', 'win-ini.png']) {
      expect(await app.repo.images.getImage(targetId, name), name).toBeNull();
    }
  });

  it('HTML bagunçado mas inofensivo é limpo e nada gravado executa script ao ser exibido', async () => {
    const messy = '<div class="x"><p style="color: #ff0000; position: fixed">Texto <font face="Arial">colado</font></p><section><h2 id="t">Seção</h2></section></div>';
    const created = await request(app.app).post('/api/artigos/novo').send(articleBody({ conteudo: messy, titulo: 'Texto colado de um editor' }));
    expect(created.status).toBe(200);
    const stored = await app.repo.articles.get(created.body.value as number);
    expect(unsafeParts(stored!.conteudo)).toEqual([]);
    expect(stored!.conteudo).not.toMatch(/position|class=|<div|<font/);

    const page = await request(app.app).get(articlePath(stored!));
    expect(page.status).toBe(200);
    const body = /<div class="article-body"[^>]*>([\s\S]*?)<\/div>\s*<\/article>/.exec(page.text)?.[1] ?? page.text;
    expect(body).not.toMatch(/<script(?![^>]*application\/ld\+json)/i);
    expect(body).not.toMatch(/\son[a-z]+\s*=/i);
    expect(body).not.toMatch(/javascript:/i);
  });

  it('slug com quebra de linha na URL da página redireciona sem injetar cabeçalhos', async () => {
    const response = await request(app.app).get(`/noticias/${targetId}/2025/01/01/x%0d%0aSet-Cookie:%20sessao=1`);
    expect(response.status).toBe(301);
    expect(response.headers.location).not.toMatch(/[\r\n]/);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

/** Honest text a medical site needs, beside the XSS vectors: all of it is text and must round-trip. */
const HONEST_TEXTS = ['Pacientes com idade < sessenta anos', 'Meta de PA < 120/80 mmHg & glicemia > 70', '"Aspas" e \'apóstrofos\' <b>sem negrito</b>'];

/** Event-handler attributes of real tags; quoted values (where escaped text lives) are left out. */
function eventHandlers(html: string): string[] {
  return [...html.matchAll(/<[a-z][^>]*>/gi)].flatMap((tag) => tag[0].replace(/"[^"]*"/g, '""').match(/\son[a-z]+=/gi) ?? []);
}

describe('marcação em campos de texto é texto: guardada como digitada e escapada em toda saída', () => {
  let app: TestApp;
  const stored: Article[] = [];

  beforeAll(async () => {
    app = await createTestApp();
    for (const [index, text] of [...HONEST_TEXTS, ...TEXT_VECTORS].entries()) {
      const response = await request(app.app)
        .post('/api/artigos/novo')
        .send(articleBody({ titulo: text, titulo_url: `texto-${index}`, descricao: text, keywords: text, ...withImage({ caption: text }) }));
      expect(response.status, `${text}: ${JSON.stringify(response.body.messages)}`).toBe(200);
      stored.push((await app.repo.articles.get(response.body.value as number))!);
    }
  });
  afterAll(() => app.close());

  it('guarda cada texto exatamente como foi digitado', () => {
    expect(stored.map((article) => article.titulo)).toEqual([...HONEST_TEXTS, ...TEXT_VECTORS]);
    for (const article of stored) expect([article.descricao, article.keywords]).toEqual([article.titulo, article.titulo]);
  });

  it('a página do artigo mostra o texto escapado no corpo, nas metatags e no JSON-LD', async () => {
    for (const article of stored) {
      const { text: html, status } = await request(app.app).get(articlePath(article));
      expect(status).toBe(200);
      expect(html, article.titulo).not.toContain(article.titulo);
      expect(executableScripts(html)).toEqual([]);
      expect(eventHandlers(html)).toEqual([]);
      const decoded = metaContent(html, 'og:title')!.replace(/&(lt|gt|quot|amp|#x27);/g, (_m, e: string) => ({ lt: '<', gt: '>', quot: '"', amp: '&', '#x27': "'" })[e]!);
      expect(decoded).toBe(article.titulo);
      expect(jsonLdOfType(html, 'NewsArticle').headline).toBe(article.titulo);
    }
  });

  it('a lista de notícias e o feed RSS escapam o texto', async () => {
    const list = await request(app.app).get('/noticias').expect(200);
    const feed = await request(app.app).get('/noticias/feed.xml').expect(200);
    const titles = childrenNamed(child(parseXml(feed.text), 'channel')!, 'item').map((item) => child(item, 'title')!.text);
    for (const article of stored) {
      expect(list.text).not.toContain(article.titulo);
      expect(feed.text).not.toContain(article.titulo);
      expect(titles).toContain(article.titulo);
    }
    expect(executableScripts(list.text)).toEqual([]);
  });

  it('a API devolve o texto como JSON, sem reinterpretá-lo', async () => {
    for (const article of stored) {
      const response = await request(app.app).get(`/api/artigos/${article.id}`).expect('Content-Type', /application\/json/);
      expect(response.body.value.titulo).toBe(article.titulo);
    }
  });
});
