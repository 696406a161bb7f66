/**
 * npm run bench: requests per second of the news pages against a static file of the same server, in
 * one run, printed as a table of ratios. Production build on loopback, one throwaway SQLite database
 * seeded with articles, two server processes (page cache on, and off with PAGE_CACHE_ENTRIES=0).
 * Goals (issue 4): cached pages >= 80 % of the static file, uncached article >= 25 %.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { loadConfig } from '../src/config.js';
import { openRepository } from '../src/db/open.js';
import { createLogger } from '../src/logger.js';
import { articlePath } from '../src/routes.js';
import { readBuiltAssets } from '../src/ssr/assets.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from '../test/e2e/support/server.js';
import { seedArticles } from './seed-articles.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const WARMUP_S = 1;
const ARTICLES = 30;
const GOALS = { cached: 0.8, uncachedArticle: 0.25 };

interface Row {
  label: string;
  cache: 'ligado' | 'desligado' | '-';
  path: string;
  server: RunningServer;
  goal?: number;
}

function measure(server: RunningServer, path: string, duration: number): Promise<Result> {
  return autocannon({ url: `${server.url}${path}`, connections: CONNECTIONS, pipelining: 1, timeout: 10, duration });
}

async function seededDatabase(): Promise<{ dir: string; article: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'site-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    EDITOR_KEYS: TEST_EDITOR_KEY,
    SQLITE_PATH: join(dir, 'site.db'),
    DATA_DIR: dir,
  });
  const repo = await openRepository(config, createLogger(config));
  const articles = await seedArticles(repo, ARTICLES);
  await repo.close();
  return { dir, article: articlePath(articles.at(-1)!) };
}

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

execFileSync(process.execPath, ['scripts/ensure-build.js'], { stdio: 'inherit' });
const staticFile = readBuiltAssets('dist/client').siteCss;
const { dir, article } = await seededDatabase();
const servers: RunningServer[] = [];
try {
  const cached = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false' }, dir);
  servers.push(cached);
  const uncached = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false', PAGE_CACHE_ENTRIES: '0' }, dir);
  servers.push(uncached);

  const rows: Row[] = [
    { label: 'arquivo estático (CSS)', cache: '-', path: staticFile, server: cached },
    { label: 'página inicial /', cache: '-', path: '/', server: cached },
    { label: '/noticias', cache: 'ligado', path: '/noticias', server: cached, goal: GOALS.cached },
    { label: 'artigo', cache: 'ligado', path: article, server: cached, goal: GOALS.cached },
    { label: '/noticias', cache: 'desligado', path: '/noticias', server: uncached },
    { label: 'artigo', cache: 'desligado', path: article, server: uncached, goal: GOALS.uncachedArticle },
  ];

  console.log(`\nautocannon: ${CONNECTIONS} conexões, ${DURATION_S} s por rota (após ${WARMUP_S} s de aquecimento de cada rota), loopback\n`);
  // Every route is warmed up before any is measured, so the first row does not pay for a cold JIT.
  for (const row of rows) await measure(row.server, row.path, WARMUP_S);
  const results: { row: Row; result: Result }[] = [];
  for (const row of rows) {
    const result = await measure(row.server, row.path, DURATION_S);
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${row.label}: ${result.non2xx} respostas não-2xx e ${result.errors} erros em ${row.path}`);
    }
    results.push({ row, result });
  }

  const base = results[0]!.result.requests.average;
  const header = `${pad('rota', 24)} ${pad('cache', 10)} ${pad('req/s', 9, true)} ${pad('p99 ms', 7, true)} ${pad('KB/resp', 8, true)} ${pad('vs estático', 12, true)}  meta`;
  console.log(header);
  console.log('-'.repeat(header.length + 8));
  let failed = false;
  for (const { row, result } of results) {
    const ratio = result.requests.average / base;
    const kb = result.throughput.average / result.requests.average / 1024;
    let verdict = '';
    if (row.goal !== undefined) {
      const ok = ratio >= row.goal;
      failed ||= !ok;
      verdict = `${ok ? 'ok' : 'ABAIXO'} (>= ${Math.round(row.goal * 100)} %)`;
    }
    console.log(
      `${pad(row.label, 24)} ${pad(row.cache, 10)} ${pad(result.requests.average.toFixed(0), 9, true)} ${pad(String(result.latency.p99), 7, true)} ${pad(kb.toFixed(1), 8, true)} ${pad(`${(ratio * 100).toFixed(0)} %`, 12, true)}  ${verdict}`,
    );
  }
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    `bench/results/pages-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    JSON.stringify(
      results.map(({ row, result }) => ({ label: row.label, cache: row.cache, path: row.path, reqPerSec: result.requests.average, p99: result.latency.p99 })),
      null,
      2,
    ),
  );
  console.log(failed ? '\nAlguma meta não foi atingida nesta máquina.\n' : '\nTodas as metas atingidas.\n');
} finally {
  for (const server of servers) await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
