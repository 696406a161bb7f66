/**
 * npm run bench: requests per second of each page route of the built server against a bare node:http
 * server sending the same bytes (the machine's ceiling for that response), measured alternately in one
 * run, several rounds, and printed as the median ratio with each round's. Production build on loopback, brotli accepted as a browser does, one
 * throwaway SQLite database seeded with articles, two site processes (page cache on, and off with
 * PAGE_CACHE_ENTRIES=0).
 * Goals (design, issue 16): home, /noticias and a cached article >= 0.8 of the bare server; an uncached
 * article render >= 0.1. Besides the newest articles (with photos), 10,000 older ones with topics: a
 * topic page (cached and not) and a search (never cached) on a site of that size. Statistics (issue 32) count
 * on every site process (requests carry a browser's user agent, so each is a person's view with its visitor
 * hash): the ratios to the bare server are with counting on (goal >= 0.8). Counting on over off: two more
 * servers started together, one with STATS_ENABLED=false, measured in alternating short rounds (on, off,
 * off, on...), reported as the median of the rounds' ratios with their spread, with the counting server's
 * memory before and after; then the counting hook's memory over 10 million views (bench/stats-memory.ts).
 * Every server runs on the first core and autocannon on the second (bench/pinned-cores.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { loadConfig } from '../src/config.js';
import { openRepository } from '../src/open-storage.js';
import { createLogger } from '../src/logger.js';
import { articlePath } from '../src/routes/paths.js';
import { readBuiltAssets } from '../src/ssr/assets.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from '../test/e2e/support/server.js';
import { startBareCeiling, type Ceiling } from './bare-ceiling.js';
import { countingMemory, countingOnOverOff } from './counting-on-off.js';
import { pinLoadGenerator, pinServer } from './pinned-cores.js';
import { seedArticles, seedTopicArticles } from './seed-articles.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 3);
/** The bare server's own rate moves by a quarter from one measure to the next here: each ratio is the median of several rounds. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WARMUP_S = 1;
const ARTICLES = 30;
const TOPIC_ARTICLES = 10_000;
const TOPIC_PAGE = '/noticias/temas/lgpd';
/** A word most titles have not, inflected as readers type it ("receita" in the titles). */
const SEARCH_PAGE = '/noticias/busca?q=receitas';
const HEADERS = {
  'accept-encoding': 'br',
  'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
};
/** Counting on over off: rounds of this many seconds on each server, alternating which goes first. */
const ON_OFF_ROUNDS = Number(process.env.BENCH_ON_OFF_ROUNDS ?? 12);
const ON_OFF_SECONDS = Number(process.env.BENCH_ON_OFF_SECONDS ?? 2);
const GOALS = { memory: 0.8, uncachedArticle: 0.1 };
const METRICS_TOKEN = 'token-de-metricas-do-benchmark-0123456789';

interface Row {
  label: string;
  cache: 'ligado' | 'desligado' | '-';
  /** Measured again on a server with METRICS_TOKEN, which counts every request: its rate over the same row's without. */
  metered?: boolean;
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
  await seedTopicArticles(repo, TOPIC_ARTICLES);
  await repo.close();
  return { dir, article: articlePath(articles.at(-1)!) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

/** A failed measure names what failed, and what the site's process said (it may have stopped). */
function checked(label: string, result: Result, server?: RunningServer): Result {
  if (result.non2xx > 0 || result.errors > 0) {
    const said = server ? `\nservidor (código de saída ${server.child.exitCode}): ${server.output().slice(-2_000)}` : '';
    throw new Error(`${label}: ${result.non2xx} respostas não-2xx, ${result.errors} erros, ${result.timeouts} esgotaram o tempo${said}`);
  }
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
  pinServer(cached.child.pid);
  const uncached = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false', PAGE_CACHE_ENTRIES: '0' }, dir);
  servers.push(uncached);
  pinServer(uncached.child.pid);
  // The same as `cached`, counting every request for /metrics.
  const metered = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false', METRICS_TOKEN }, dir);
  servers.push(metered);
  pinServer(metered.child.pid);

  const rows: Row[] = [
    { label: 'CSS com hash', cache: '-', path: staticFile, server: cached },
    { label: 'página inicial /', cache: '-', path: '/', server: cached, goal: GOALS.memory },
    { label: '/noticias', cache: 'ligado', path: '/noticias', server: cached, goal: GOALS.memory },
    { label: 'artigo', cache: 'ligado', path: article, server: cached, goal: GOALS.memory },
    { label: '/noticias', cache: 'desligado', path: '/noticias', server: uncached },
    { label: 'artigo', cache: 'desligado', path: article, server: uncached, goal: GOALS.uncachedArticle },
    { label: 'tema', cache: 'ligado', path: TOPIC_PAGE, server: cached },
    { label: 'tema', cache: 'desligado', path: TOPIC_PAGE, server: uncached },
    { label: 'busca', cache: '-', path: SEARCH_PAGE, server: cached },
    { label: 'CSS + métricas', cache: '-', path: staticFile, server: metered, metered: true },
    { label: '/ + métricas', cache: '-', path: '/', server: metered, goal: GOALS.memory, metered: true },
    { label: '/noticias + métr.', cache: 'ligado', path: '/noticias', server: metered, goal: GOALS.memory, metered: true },
    { label: 'artigo + métricas', cache: 'ligado', path: article, server: metered, goal: GOALS.memory, metered: true },
  ];
  // Fill the page cache, then capture what the site sends for each path.
  for (const row of rows) await measure(`${row.server.url}${row.path}`, WARMUP_S);
  const ceiling = await startBareCeiling(cached.url, [...new Set(rows.map((row) => row.path))], HEADERS, dir);
  ceilings.push(ceiling);
  pinServer(ceiling.pid);

  const cores = pinLoadGenerator() ? 'servidores no núcleo 0, autocannon no núcleo 1' : 'processos sem núcleo fixo';
  console.log(
    `\nautocannon: ${CONNECTIONS} conexões, ${DURATION_S} s por medida, ${ROUNDS} rodadas, br, site e servidor mínimo alternados, loopback, ${cores}\n`,
  );
  for (const row of rows) await measure(`${ceiling.url}${row.path}`, WARMUP_S);
  const results = rows.map((row) => ({ row, rounds: [] as { site: Result; bare: Result; ratio: number }[] }));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const { row, rounds } of results) {
      // Which goes first alternates from round to round, so a drift of the machine favours neither.
      const order = round % 2 === 0 ? (['site', 'bare'] as const) : (['bare', 'site'] as const);
      const measured: Partial<Record<'site' | 'bare', Result>> = {};
      for (const who of order) {
        const url = who === 'site' ? `${row.server.url}${row.path}` : `${ceiling.url}${row.path}`;
        measured[who] = who === 'site' ? checked(row.label, await measure(url, DURATION_S), row.server) : checked(`${row.label} (mínimo)`, await measure(url, DURATION_S));
      }
      const { site, bare } = measured as Record<'site' | 'bare', Result>;
      rounds.push({ site, bare, ratio: site.requests.average / bare.requests.average });
    }
  }

  const header = `${pad('rota', 18)} ${pad('cache', 10)} ${pad('req/s', 8, true)} ${pad('p99 ms', 7, true)} ${pad('mínimo', 8, true)} ${pad('KB', 6, true)} ${pad('razão', 6, true)} ${pad('rodadas', 19, true)}  meta`;
  console.log(header);
  console.log('-'.repeat(header.length + 16));
  let failed = false;
  const summary = results.map(({ row, rounds }) => {
    const ratios = rounds.map((entry) => entry.ratio);
    const ratio = median(ratios);
    const site = median(rounds.map((entry) => entry.site.requests.average));
    const bare = median(rounds.map((entry) => entry.bare.requests.average));
    const p99 = median(rounds.map((entry) => entry.site.latency.p99));
    const kb = rounds[0]!.site.throughput.average / rounds[0]!.site.requests.average / 1024;
    let verdict = '';
    if (row.goal !== undefined) {
      const ok = ratio >= row.goal;
      failed ||= !ok;
      verdict = `${ok ? 'ok' : 'ABAIXO'} (>= ${row.goal.toFixed(2)})`;
    }
    const spread = ratios.map((value) => value.toFixed(3)).join(' ');
    console.log(
      `${pad(row.label, 18)} ${pad(row.cache, 10)} ${pad(site.toFixed(0), 8, true)} ${pad(String(p99), 7, true)} ${pad(bare.toFixed(0), 8, true)} ${pad(kb.toFixed(1), 6, true)} ${pad(ratio.toFixed(3), 6, true)} ${pad(spread, 19, true)}  ${verdict}`,
    );
    return { label: row.label, cache: row.cache, path: row.path, reqPerSec: site, p99, bareReqPerSec: bare, ratio, ratios };
  });
  // Metrics on over off: each metered row's rate over the rate of the same path on the cached server, round by round.
  console.log('\nmétricas ligadas / desligadas (mesma rota, mesma rodada):');
  const unmetered = (path: string) => results.find(({ row }) => row.server === cached && row.path === path);
  const meteredRatios = results
    .filter(({ row }) => row.metered)
    .map(({ row, rounds }) => {
      const plain = unmetered(row.path)!;
      const ratios = rounds.map((entry, index) => entry.site.requests.average / plain.rounds[index]!.site.requests.average);
      console.log(`  ${pad(row.label, 18)} ${pad(median(ratios).toFixed(3), 6, true)}  (${ratios.map((value) => value.toFixed(3)).join(' ')})`);
      return { label: row.label, path: row.path, ratio: median(ratios), ratios };
    });
  const onOff = await countingOnOverOff(dir, ['/', '/noticias', article], servers, { rounds: ON_OFF_ROUNDS, seconds: ON_OFF_SECONDS, connections: CONNECTIONS, headers: HEADERS });
  console.log(`\nestatísticas ligadas / desligadas: dois servidores iniciados juntos, ${ON_OFF_ROUNDS} rodadas de ${ON_OFF_SECONDS} s alternadas (mediana, quartis, rodadas):`);
  for (const entry of onOff.paths) {
    console.log(
      `  ${pad(entry.path === article ? 'artigo' : entry.path, 10)} ${pad(entry.ratio.toFixed(3), 6, true)}  [${entry.quartiles.map((value) => value.toFixed(3)).join('–')}]  ${pad(entry.onReqPerSec.toFixed(0), 6, true)} / ${pad(entry.offReqPerSec.toFixed(0), 6, true)} req/s  (${entry.ratios.map((value) => value.toFixed(2)).join(' ')})`,
    );
  }
  console.log(`  memória do servidor que conta: ${onOff.rssBefore} MB antes, ${onOff.rssAfter} MB depois de ${onOff.counted} pedidos contados`);
  const memory = countingMemory();
  console.log(
    `\ncontagem em laço no processo (${(memory.views / 1e6).toFixed(0)} milhões de visualizações, ${memory.seconds.toFixed(0)} s, ${memory.dropped} perdidas), RSS / heap em MB após GC: ${memory.samples.map((sample) => `${(sample.views / 1e6).toFixed(0)}M ${sample.rss}/${sample.heap}`).join(', ')}`,
  );
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    `bench/results/pages-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    JSON.stringify({ pages: summary, metricsOnOverOff: meteredRatios, statsOnOverOff: onOff, countingMemory: memory }, null, 2),
  );
  console.log(failed ? '\nAlguma meta não foi atingida nesta máquina.\n' : '\nTodas as metas atingidas.\n');
} finally {
  for (const ceiling of ceilings) await ceiling.stop();
  for (const server of servers) await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
