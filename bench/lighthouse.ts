/**
 * npm run lighthouse [-- /noticias /noticias/1/2025/01/02/titulo ...]
 *
 * Starts the built server on a free port (its own throwaway database with the sample articles),
 * runs Lighthouse with Debian's Chromium on mobile settings (Lighthouse's default: Moto G Power
 * emulation, simulated slow 4G) and prints the four category scores of each page.
 * Extra arguments are more paths to measure. LIGHTHOUSE_URL measures a server already running there.
 * Before measuring, an article with a 4000x3000 main photo and two photos in its body is created through
 * the API (on a running server only when LIGHTHOUSE_EDITOR_KEY is given), and measured too. For every
 * page the bytes of the images loaded in the first mobile view are printed, from Lighthouse's network
 * records (lazy images further down are not fetched, so they do not count).
 * Issue 18: a clinical article with an author, a reviewer and references (bench/credited-article.ts) and
 * its author's page are created and measured too. LIGHTHOUSE_ONLY_EXTRA=1 skips the other pages.
 * Each page runs LIGHTHOUSE_RUNS times (default 3) and the median run by performance is reported, as
 * Lighthouse's own docs advise: on a busy machine one run's blocking time is noise.
 * Full reports (the median run) are written to bench/results/lighthouse-*.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../test/e2e/support/browser.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from '../test/e2e/support/server.js';
import { createCreditedArticle } from './credited-article.js';
import { createPhotoArticle } from './photo-article.js';

const CHROME_FLAGS = ['--headless', ...CHROMIUM_ARGS];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const LABELS: Record<(typeof CATEGORIES)[number], string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best Practices',
  seo: 'SEO',
};
const DEFAULT_PATHS = ['/', '/prontivo', '/preco-prontuario-eletronico', '/privacidade', '/noticias', '/noticias/1', '/noticias/temas/prontuario-eletronico', '/noticias/busca'];
const RESULTS_DIR = 'bench/results';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const MAX_FAILED_RUNS = 3;

/** The budget for the images of an article's first view on a phone. */
const IMAGE_BUDGET_BYTES = 150 * 1024;

let server: RunningServer | undefined;
const base = process.env.LIGHTHOUSE_URL ?? (server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'true' })).url;
const editorKey = process.env.LIGHTHOUSE_URL ? process.env.LIGHTHOUSE_EDITOR_KEY : TEST_EDITOR_KEY;
const photoArticle = editorKey ? `/noticias/${await createPhotoArticle(base, editorKey)}` : undefined;
const credited = editorKey ? await createCreditedArticle(base, editorKey) : undefined;
if (!photoArticle) console.error('LIGHTHOUSE_EDITOR_KEY não definida: o artigo com fotos e o artigo clínico com autora e revisor não foram criados.');
const requestedPaths = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
// LIGHTHOUSE_ONLY_EXTRA=1 measures only the created articles, the author page and the paths given.
const defaults = process.env.LIGHTHOUSE_ONLY_EXTRA === '1' ? [] : [...DEFAULT_PATHS, ...(photoArticle ? [photoArticle] : [])];
const paths = [...defaults, ...(credited ? [credited.article, credited.author] : []), ...requestedPaths];
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });

interface Row {
  path: string;
  scores: Record<string, number>;
  /** Bytes transferred for images during the load (the first view). */
  imageBytes: number;
  /** Audits that cost points, to know what to fix. */
  misses: string[];
}

interface NetworkRecord {
  resourceType?: string;
  mimeType?: string;
  transferSize?: number;
}

function imageBytesLoaded(lhr: { audits: Record<string, { details?: unknown }> }): number {
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkRecord[] } | undefined)?.items ?? []);
  return items
    .filter((item) => item.resourceType === 'Image' || item.mimeType?.startsWith('image/'))
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

const rows: Row[] = [];
try {
  mkdirSync(RESULTS_DIR, { recursive: true });
  for (const requested of paths) {
    // A short article URL (/noticias/1) answers 301: measure the canonical page it points to.
    const probe = await fetch(`${base}${requested}`, { redirect: 'manual' });
    const location = probe.status === 301 ? probe.headers.get('location') : null;
    const path = location ? new URL(location, base).pathname : requested;
    const runs = [];
    let failures = 0;
    while (runs.length < RUNS) {
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      const error = result ? result.lhr.runtimeError?.message : 'sem resultado';
      if (result && !error) {
        runs.push(result.lhr);
        continue;
      }
      // A lost trace (NO_NAVSTART and the like) is Lighthouse's own hiccup: try again, a few times.
      failures += 1;
      console.error(`${path}: execução descartada (${error})`);
      if (failures > MAX_FAILED_RUNS) throw new Error(`${path}: ${failures} execuções falharam`);
    }
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const lhr = runs[Math.floor(runs.length / 2)]!;
    const scores: Record<string, number> = {};
    const misses: string[] = [];
    for (const category of CATEGORIES) {
      const entry = lhr.categories[category];
      scores[category] = Math.round((entry?.score ?? 0) * 100);
      for (const ref of entry?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
          misses.push(`${LABELS[category]}: ${audit.id} (${audit.displayValue ?? audit.score})`);
        }
      }
    }
    rows.push({ path, scores, misses, imageBytes: imageBytesLoaded(lhr) });
    const file = `${RESULTS_DIR}/lighthouse-${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'inicio'}.json`;
    writeFileSync(file, JSON.stringify(lhr, null, 2));
  }
} finally {
  chrome.kill();
  await server?.stop();
}

const header = ['Página', ...CATEGORIES.map((category) => LABELS[category]), 'Imagens (1ª vista)'];
const body = rows.map((row) => [
  row.path,
  ...CATEGORIES.map((category) => String(row.scores[category])),
  `${(row.imageBytes / 1024).toFixed(1)} KB`,
]);
const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column]!.length)));
const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
console.log(line(header));
console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
for (const cells of body) console.log(line(cells));
const photoRow = rows.find((row) => row.path.startsWith(`${photoArticle}/`) || row.path === photoArticle);
if (photoRow) {
  const within = photoRow.imageBytes <= IMAGE_BUDGET_BYTES;
  console.log(
    `\nArtigo com foto 4000x3000: ${(photoRow.imageBytes / 1024).toFixed(1)} KB de imagens na primeira vista ` +
      `(meta: até ${IMAGE_BUDGET_BYTES / 1024} KB) ${within ? 'dentro' : 'ACIMA'} da meta`,
  );
}
for (const row of rows.filter((candidate) => candidate.misses.length > 0)) {
  console.log(`\n${row.path}:\n  ${row.misses.join('\n  ')}`);
}
