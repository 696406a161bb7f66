/**
 * npm run bench:editor: the editor on a 6,000-word article in Chromium (production build).
 * - Typing latency: from each key press (event timestamp) to the frame after Draft has rendered it,
 *   p50 / p95 / max over bursts of typing at the end of the article.
 * - Autosave: the longest main-thread task (PerformanceObserver "longtask") while the draft is saved
 *   after each pause.
 * - HTML export: contentToHtml on the same document, in Node (same V8), median and max of 30 runs.
 * The same typing is measured first on a 300-word article, in the same run: on a busy machine the
 * difference between the two says what the article's length costs, apart from the machine's load.
 * The 6,000-word article holds 3 tables and 20 photos (issue 34; bench/editor-article.ts); the same text
 * without them is measured too, so the table shows what the tables and photos cost.
 * Goals (issue 12): typing p95 < 25 ms, no task > 50 ms during autosave, export well under 50 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { Window } from 'happy-dom';
import { EDITOR, openEditor, setContent } from '../test/e2e/support/editor-page.js';
import { launchBrowser } from '../test/e2e/support/browser.js';
import { startBuiltServer } from '../test/e2e/support/server.js';
import { longArticleHtml } from './editor-article.js';

const BURSTS = 6;
const KEYS_PER_BURST = 40;
const KEY_DELAY_MS = 60;
const PAUSE_MS = 1500;

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

async function exportTimes(html: string): Promise<{ words: number; median: number; max: number }> {
  const window = new Window();
  Object.assign(globalThis, { DOMParser: window.DOMParser });
  // Draft.js is CommonJS without static exports, which Node's ESM loader cannot name: bundle the two modules.
  const dir = mkdtempSync(join(tmpdir(), 'bench-editor-'));
  const file = join(dir, 'conversion.mjs');
  await build({
    stdin: {
      contents: "export { htmlToContent } from './src/editor/html/import-html.js'; export { contentToHtml } from './src/editor/html/export-html.js';",
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: file,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  const { htmlToContent, contentToHtml } = (await import(pathToFileURL(file).href)) as {
    htmlToContent: typeof import('../src/editor/html/import-html.js').htmlToContent;
    contentToHtml: typeof import('../src/editor/html/export-html.js').contentToHtml;
  };
  rmSync(dir, { recursive: true, force: true });
  const content = htmlToContent(html);
  const times: number[] = [];
  for (let run = 0; run < 30; run++) {
    const start = performance.now();
    contentToHtml(content);
    times.push(performance.now() - start);
  }
  await window.happyDOM.close();
  return { words: content.getPlainText().split(/\s+/).length, median: percentile(times, 0.5), max: Math.max(...times) };
}

interface Typing {
  latencies: number[];
  tasks: { start: number; duration: number }[];
  pauses: { start: number; end: number }[];
  saved: number;
  /** What the editor showed: image blocks and table blocks. */
  images: number;
  tables: number;
}

async function measureTyping(browser: Awaited<ReturnType<typeof launchBrowser>>, url: string, html: string): Promise<Typing> {
  const { page } = await openEditor(browser, url, 'desktop');
  await setContent(page, html);
  // Typing starts once every photo is loaded and laid out, as an editor opening a saved article would.
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  const images = await page.locator(`${EDITOR} img.rte-image`).count();
  const tables = await page.locator(`${EDITOR} .rte-table`).count();
  await page.evaluate(() => {
    const state = window as unknown as { benchLatencies: number[]; benchTasks: { start: number; duration: number }[] };
    state.benchLatencies = [];
    state.benchTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.benchTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: false });
    document.addEventListener(
      'keydown',
      (event) => {
        const pressed = event.timeStamp;
        requestAnimationFrame(() => setTimeout(() => state.benchLatencies.push(performance.now() - pressed), 0));
      },
      true,
    );
  });
  await page.locator(EDITOR).click();
  await page.keyboard.press('Control+End');
  const pauses: { start: number; end: number }[] = [];
  for (let burst = 0; burst < BURSTS; burst++) {
    await page.keyboard.type(' mais texto digitado no fim do artigo'.slice(0, KEYS_PER_BURST).padEnd(KEYS_PER_BURST, 'x'), { delay: KEY_DELAY_MS });
    const start = await page.evaluate(() => performance.now());
    await page.waitForTimeout(PAUSE_MS);
    pauses.push({ start, end: await page.evaluate(() => performance.now()) });
  }
  const { latencies, tasks } = await page.evaluate(() => {
    const state = window as unknown as { benchLatencies: number[]; benchTasks: { start: number; duration: number }[] };
    return { latencies: state.benchLatencies, tasks: state.benchTasks };
  });
  const saved = await page.evaluate(() => Object.keys(localStorage).length);
  await page.context().close();
  return { latencies, tasks, pauses, saved, images, tables };
}

function summary(typing: Typing): Record<string, string> {
  const { latencies, tasks, pauses } = typing;
  const inPauses = tasks.filter((task) => pauses.some((pause) => task.start >= pause.start && task.start <= pause.end));
  const longest = (list: { duration: number }[]) => (list.length ? Math.max(...list.map((task) => task.duration)) : 0);
  return {
    'digitação p50 (ms)': percentile(latencies, 0.5).toFixed(1),
    'digitação p95 (ms)': percentile(latencies, 0.95).toFixed(1),
    'digitação máx. (ms)': Math.max(...latencies).toFixed(1),
    'maior tarefa durante o salvamento (ms)': longest(inPauses).toFixed(0),
    'maior tarefa em toda a medição (ms)': longest(tasks).toFixed(0),
  };
}

async function main() {
  const server = await startBuiltServer();
  const browser = await launchBrowser();
  const html = longArticleHtml(6000, { tables: true, images: 20, imageBase: server.url });
  try {
    const short = await measureTyping(browser, server.url, longArticleHtml(300));
    const plain = await measureTyping(browser, server.url, longArticleHtml(6000));
    const long = await measureTyping(browser, server.url, html);
    const exported = await exportTimes(html);
    console.log(
      `Editor no Chromium a 1280 px: ${long.latencies.length} teclas em ${BURSTS} rajadas, cada uma seguida de uma pausa com o salvamento do rascunho (rascunho salvo: ${long.saved === 1 ? 'sim' : 'não'})`,
    );
    console.table({
      'artigo de 300 palavras': summary(short),
      [`${exported.words} palavras, sem tabelas nem fotos`]: summary(plain),
      [`${exported.words} palavras, ${long.tables} tabelas e ${long.images} fotos`]: summary(long),
    });
    console.log(`Exportação HTML do artigo de ${exported.words} palavras: mediana ${exported.median.toFixed(1)} ms, máx. ${exported.max.toFixed(1)} ms (30 execuções).`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
