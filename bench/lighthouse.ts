/**
 * npm run lighthouse [-- /noticias /noticias/1/2025/01/02/titulo ...]
 *
 * Starts the built server on a free port (its own throwaway database with the sample articles),
 * runs Lighthouse with Debian's Chromium on mobile settings (Lighthouse's default: Moto G Power
 * emulation, simulated slow 4G) and prints the four category scores of each page.
 * Extra arguments are more paths to measure. LIGHTHOUSE_URL measures a server already running there.
 * Each page runs LIGHTHOUSE_RUNS times (default 3) and the median run by performance is reported, as
 * Lighthouse's own docs advise: on a busy machine one run's blocking time is noise.
 * Full reports (the median run) are written to bench/results/lighthouse-*.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../test/e2e/support/browser.js';
import { startBuiltServer, type RunningServer } from '../test/e2e/support/server.js';

const CHROME_FLAGS = ['--headless', ...CHROMIUM_ARGS];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const LABELS: Record<(typeof CATEGORIES)[number], string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best Practices',
  seo: 'SEO',
};
const DEFAULT_PATHS = ['/', '/prontivo', '/preco-prontuario-eletronico', '/noticias', '/noticias/1'];
const RESULTS_DIR = 'bench/results';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const MAX_FAILED_RUNS = 3;

const paths = [...DEFAULT_PATHS, ...process.argv.slice(2).filter((arg) => arg.startsWith('/'))];

let server: RunningServer | undefined;
const base = process.env.LIGHTHOUSE_URL ?? (server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'true' })).url;
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });

interface Row {
  path: string;
  scores: Record<string, number>;
  /** Audits that cost points, to know what to fix. */
  misses: string[];
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
    rows.push({ path, scores, misses });
    const file = `${RESULTS_DIR}/lighthouse-${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'inicio'}.json`;
    writeFileSync(file, JSON.stringify(lhr, null, 2));
  }
} finally {
  await chrome.kill();
  await server?.stop();
}

const header = ['Página', ...CATEGORIES.map((category) => LABELS[category])];
const body = rows.map((row) => [row.path, ...CATEGORIES.map((category) => String(row.scores[category]))]);
const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column]!.length)));
const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
console.log(line(header));
console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
for (const cells of body) console.log(line(cells));
for (const row of rows.filter((candidate) => candidate.misses.length > 0)) {
  console.log(`\n${row.path}:\n  ${row.misses.join('\n  ')}`);
}
