/**
 * What streaming costs and buys, per page kind (decision 013). Renders, in this process:
 * - a public article page of about 800 words (the seeded kind) and one of 6,000 words, whole with
 *   renderToStaticMarkup (what the site does) and streamed with renderToPipeableStream (what it does not);
 * - the editor's article list with 20 rows whose data arrives after a delay: time to the first byte
 *   (the shell) and to the last, streamed as the site does, against waiting for the data first.
 * Prints the median of several runs of each.
 */
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { loadConfig } from '../src/config.js';
import { SafeBodies } from '../src/content/safe-article-body.js';
import { pageElement, streamedPage } from '../src/entry-server.js';
import { renderWhole } from '../src/ssr/render-whole.js';
import { ARTICLE_PAGE_IDS, ArticlePage, articleData, articleMeta } from '../src/routes/article.js';
import { editorListPage } from '../src/routes/editor-list.js';
import { DEV_ASSETS } from '../src/ssr/assets.js';
import { RenderMemo } from '../src/ssr/render-memo.js';
import { longArticleHtml } from './editor-article.js';

const config = loadConfig({ NODE_ENV: 'test' });
const ctx = { config, assets: DEV_ASSETS, memo: new RenderMemo() };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function article(words: number) {
  const stored = {
    id: 7,
    titulo: 'Prontuário eletrônico e LGPD',
    titulo_url: 'prontuario-eletronico-e-lgpd',
    conteudo: longArticleHtml(words),
    descricao: 'Como proteger os dados dos pacientes.',
    keywords: 'lgpd, prontuário',
    data_publicacao: '2026-03-01T12:00:00.000Z',
    data_atualizacao: '2026-03-02T12:00:00.000Z',
    autor: 'Maria Souza',
    imagem_nome: null,
    imagem_caption: null,
    imagem_alt: null,
    imagem_width: null,
    imagem_height: null,
  };
  const data = articleData(stored, [], new SafeBodies(ARTICLE_PAGE_IDS));
  return pageElement(ctx, articleMeta(config.site, data), <ArticlePage data={data} />);
}

function streamToEnd(element: ReturnType<typeof article>): Promise<number> {
  return new Promise((resolve, reject) => {
    const sink = new PassThrough();
    let bytes = 0;
    sink.on('data', (chunk: Buffer) => (bytes += chunk.length));
    sink.on('end', () => resolve(bytes));
    const stream = renderToPipeableStream(element, { onAllReady: () => stream.pipe(sink), onShellError: reject });
  });
}

async function timePerRender(run: () => unknown, rounds: number): Promise<number> {
  const samples: number[] = [];
  for (let round = 0; round < 7; round += 1) {
    const start = performance.now();
    for (let index = 0; index < rounds; index += 1) await run();
    samples.push((performance.now() - start) / rounds);
  }
  return median(samples);
}

for (const words of [800, 6000]) {
  const element = article(words);
  renderWhole(element);
  const whole = await timePerRender(() => renderWhole(element), 50);
  const streamed = await timePerRender(() => streamToEnd(element), 50);
  console.log(`artigo de ${words} palavras: inteiro ${whole.toFixed(2)} ms, em streaming ${streamed.toFixed(2)} ms (${(streamed / whole).toFixed(1)}x)`);
}

/** The editor's list page streamed to a sink: ms to the first byte and to the end, with the list's data `delayMs` late. */
async function listTimings(delayMs: number): Promise<{ first: number; last: number }> {
  const items = Array.from({ length: 20 }, (_, index) => ({
    id: index + 1,
    titulo: `Artigo ${index + 1}`,
    titulo_url: `artigo-${index + 1}`,
    status: 'publicado' as const,
    autor: 'Maria Souza',
    data_atualizacao: '2026-03-02T12:00:00.000Z',
    publicar_em: null,
    versao: 1,
    clinico: false,
    aguardando_revisao: false,
  }));
  const list = new Promise<{ items: typeof items; total: number }>((resolve) => setTimeout(() => resolve({ items, total: 120 }), delayMs));
  const data = { session: { id_pessoa: null, papel: 'administrador' as const, autor: 'Maria Souza', permissoes: [] }, filters: { busca: '', pagina: 1 }, list };
  const Component = editorListPage.Component!;
  const page = streamedPage(ctx, editorListPage.meta!(config.site, data), <Component data={data} />);
  const start = performance.now();
  let first = 0;
  await new Promise<void>((resolve, reject) => {
    const sink = new PassThrough();
    sink.on('data', () => (first ||= performance.now() - start));
    sink.on('end', resolve);
    const stream = renderToPipeableStream(page.body, { onShellReady: () => stream.pipe(sink), onShellError: reject });
  });
  return { first, last: performance.now() - start };
}

for (const delayMs of [0, 50, 200]) {
  const runs = [];
  for (let round = 0; round < 5; round += 1) runs.push(await listTimings(delayMs));
  console.log(
    `/editor com a lista ${delayMs} ms depois: primeiro byte em ${median(runs.map((run) => run.first)).toFixed(1)} ms, ` +
      `último em ${median(runs.map((run) => run.last)).toFixed(1)} ms (sem streaming, o primeiro byte esperaria o último)`,
  );
}
