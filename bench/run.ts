/**
 * npm run bench: requests per second of each page route of the built server against a bare node:http
 * server sending the same bytes (the machine's ceiling for that response), measured alternately in one
 * run and printed as ratios. Production build on loopback, brotli accepted as a browser does, one
 * throwaway SQLite database seeded with articles, two site processes (page cache on, and off with
 * PAGE_CACHE_ENTRIES=0).
 * Goals (issue 10): home, /noticias and a cached article >= 0.5 of the bare server; an uncached
 * article render >= 0.1.
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
import { startBareCeiling, type Ceiling } from './bare-ceiling.js';
import { seedArticles } from './seed-articles.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WARMUP_S = 1;
const ARTICLES = 30;
const HEADERS = { 'accept-encoding': 'br' };
const GOALS = { memory: 0.5, uncachedArticle: 0.1 };

interface Row {
  label: string;
  cache: 'ligado' | 'desligado' | '-';
  path: string;
  server: RunningServer;
  goal?: number;
}

function measure(url: string, duration: number): Promise<Result> {
  return autocannon({ url, headers: HEADERS, connections: CONNECTIONS, pipelining: 1, timeout: 10, duration });
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

function checked(label: string, result: Result): Result {
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${label}: ${result.non2xx} respostas não-2xx e ${result.errors} erros`);
  return result;
}

execFileSync(process.execPath, ['scripts/ensure-build.js'], { stdio: 'inherit' });
const staticFile = readBuiltAssets('dist/client').siteCss;
const { dir, article } = await seededDatabase();
const servers: RunningServer[] = [];
const ceilings: Ceiling[] = [];
try {
  const cached = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false' }, dir);
  servers.push(cached);
  const uncached = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false', PAGE_CACHE_ENTRIES: '0' }, dir);
  servers.push(uncached);

  const rows: Row[] = [
    { label: 'CSS com hash', cache: '-', path: staticFile, server: cached },
    { label: 'página inicial /', cache: '-', path: '/', server: cached, goal: GOALS.memory },
    { label: '/noticias', cache: 'ligado', path: '/noticias', server: cached, goal: GOALS.memory },
    { label: 'artigo', cache: 'ligado', path: article, server: cached, goal: GOALS.memory },
    { label: '/noticias', cache: 'desligado', path: '/noticias', server: uncached },
    { label: 'artigo', cache: 'desligado', path: article, server: uncached, goal: GOALS.uncachedArticle },
  ];
  // Fill the page cache, then capture what the site sends for each path.
  for (const row of rows) await measure(`${row.server.url}${row.path}`, WARMUP_S);
  const ceiling = await startBareCeiling(cached.url, [...new Set(rows.map((row) => row.path))], HEADERS, dir);
  ceilings.push(ceiling);

  console.log(`\nautocannon: ${CONNECTIONS} conexões, ${DURATION_S} s por medida, br, site e servidor mínimo alternados, loopback\n`);
  for (const row of rows) await measure(`${ceiling.url}${row.path}`, WARMUP_S);
  const results: { row: Row; site: Result; bare: Result }[] = [];
  for (const row of rows) {
    const site = checked(row.label, await measure(`${row.server.url}${row.path}`, DURATION_S));
    const bare = checked(`${row.label} (mínimo)`, await measure(`${ceiling.url}${row.path}`, DURATION_S));
    results.push({ row, site, bare });
  }

  const header = `${pad('rota', 18)} ${pad('cache', 10)} ${pad('req/s', 8, true)} ${pad('p99 ms', 7, true)} ${pad('mínimo', 8, true)} ${pad('KB', 6, true)} ${pad('razão', 6, true)}  meta`;
  console.log(header);
  console.log('-'.repeat(header.length + 16));
  let failed = false;
  for (const { row, site, bare } of results) {
    const ratio = site.requests.average / bare.requests.average;
    const kb = site.throughput.average / site.requests.average / 1024;
    let verdict = '';
    if (row.goal !== undefined) {
      const ok = ratio >= row.goal;
      failed ||= !ok;
      verdict = `${ok ? 'ok' : 'ABAIXO'} (>= ${row.goal.toFixed(2)})`;
    }
    console.log(
      `${pad(row.label, 18)} ${pad(row.cache, 10)} ${pad(site.requests.average.toFixed(0), 8, true)} ${pad(String(site.latency.p99), 7, true)} ${pad(bare.requests.average.toFixed(0), 8, true)} ${pad(kb.toFixed(1), 6, true)} ${pad(ratio.toFixed(2), 6, true)}  ${verdict}`,
    );
  }
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    `bench/results/pages-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    JSON.stringify(
      results.map(({ row, site, bare }) => ({
        label: row.label,
        cache: row.cache,
        path: row.path,
        reqPerSec: site.requests.average,
        p99: site.latency.p99,
        bareReqPerSec: bare.requests.average,
        ratio: site.requests.average / bare.requests.average,
      })),
      null,
      2,
    ),
  );
  console.log(failed ? '\nAlguma meta não foi atingida nesta máquina.\n' : '\nTodas as metas atingidas.\n');
} finally {
  for (const ceiling of ceilings) await ceiling.stop();
  for (const server of servers) await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
