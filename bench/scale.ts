/**
 * npm run bench:scale: what a site with years of news costs, at 1,000 and 100,000 published articles
 * (BENCH_SCALE="1000,100000"), on the embedded database and on PostgreSQL (a throwaway cluster, or
 * BENCH_DATABASE_URL; BENCH_DATABASES="postgres" measures only it). Each database is filled as `npm run seed -- --artigos N` fills it; the app runs
 * in this process with the page cache off (PAGE_CACHE_ENTRIES=0) so that every page is rendered.
 * Prints, for each measure, the median time of one request (sequential requests) at each size, and the
 * ratio of the largest size to the smallest (goal: at most 3); the sitemap's files (at most 50,000 URLs
 * each) and the longest any other request waited while they were built (goal: 100 ms).
 * Issue 33's review queue and calendar month (bench/seed-calendar.ts) and issue 32's statistics page for
 * 90 days, over 1,000 views of history per article (1 million at 1,000, 100 million at 100,000: bench/seed-stats.ts).
 * BENCH_MEASURES="sitemap" measures only the sitemap. BENCH_DIR keeps the SQLite files there, and a file
 * already holding articles is not filled again: filling 100,000 takes minutes, the sitemap seconds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import Database from 'better-sqlite3';
import { addDays, saoPauloDay } from '../src/workflow/review-schedule.js';
import { reviewCount } from '../src/workflow/review-count.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { seedGeneratedArticles } from '../src/db/generated-articles.js';
import { openRepository } from '../src/open-storage.js';
import { createAppContext } from '../src/http/app-context.js';
import { createLogger } from '../src/logger.js';
import { articlePath, topicPath } from '../src/routes/paths.js';
import { DEV_ASSETS } from '../src/ssr/assets.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../test/support/postgres-cluster.js';
import { createScratchDatabase } from '../test/support/postgres.js';
import { markCalendar } from './seed-calendar.js';
import { seedStatsHistory } from './seed-stats.js';

const SIZES = (process.env.BENCH_SCALE ?? '1000,100000').split(',').map(Number);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30);
const ONLY_SITEMAP = process.env.BENCH_MEASURES === 'sitemap';
const KEPT_DIR = process.env.BENCH_DIR;
const WARMUP_REQUESTS = 10;
const KEY = 'chave-do-benchmark-de-escala';
const PAGE_SIZE = 12;
/** Views of statistics history per article: 1 million at 1,000 articles, 100 million at 100,000. */
const VIEWS_PER_ARTICLE = 1_000;
const STATS_DAYS = 90;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Measures {
  [label: string]: number;
}

async function timed(url: string, init?: RequestInit): Promise<number> {
  const start = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: HTTP ${res.status}`);
  return performance.now() - start;
}

/** After warming up: the first renders of a page kind run before the JIT has compiled them. */
async function medianOf(request: () => Promise<number>): Promise<number> {
  for (let i = 0; i < WARMUP_REQUESTS; i += 1) await request();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) times.push(await request());
  return median(times);
}

/** The longest a cheap request waited while `work` ran: polled every 5 ms. */
async function longestWaitDuring(base: string, work: () => Promise<unknown>): Promise<number> {
  let running = true;
  let longest = 0;
  const poll = (async () => {
    while (running) {
      longest = Math.max(longest, await timed(`${base}/healthz`));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  await work();
  running = false;
  await poll;
  return longest;
}

/** What autovacuum leaves a table in after a while: statistics, and a visibility map for index-only scans. */
async function vacuum(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

/**
 * Issue 33's queue at scale: one article in five clinical (20,000 of 100,000), their reviews due on days
 * spread over two years from 60 days ago (about 8% overdue, 4% due within 30 days), and one in a hundred
 * waiting for an approval. Written straight in SQL: the seed has no clinical articles.
 */
async function markReviews(env: Record<string, string>): Promise<void> {
  const start = addDays(saoPauloDay(new Date()), -60);
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(`UPDATE artigos SET clinico = true, proxima_revisao = to_char($1::date + ((id / 5) % 730), 'YYYY-MM-DD') WHERE id % 5 = 0 AND proxima_revisao IS NULL`, [start]);
      await client.query('UPDATE artigos SET aguardando_revisao = true WHERE id % 100 = 1');
      await client.query('ANALYZE artigos');
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(env.SQLITE_PATH);
  try {
    db.prepare(`UPDATE artigos SET clinico = 1, proxima_revisao = date(?, '+' || ((id / 5) % 730) || ' days') WHERE id % 5 = 0 AND proxima_revisao IS NULL`).run(start);
    db.prepare('UPDATE artigos SET aguardando_revisao = 1 WHERE id % 100 = 1').run();
    db.exec('ANALYZE');
  } finally {
    db.close();
  }
}

/** An editor's session cookie, for the area's pages. */
async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/editor/entrar`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ chave: KEY, volta: '/editor' }),
  });
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

async function measureSite(env: Record<string, string>, size: number, settle: () => Promise<void> = async () => undefined): Promise<Measures> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', EDITOR_KEYS: `Bench:${KEY}`, PAGE_CACHE_ENTRIES: '0', ...env });
  const logger = createLogger(config);
  const repo = await openRepository(config, logger);
  const filling = performance.now();
  const existing = await repo.articles.count();
  if (existing === 0) await seedGeneratedArticles(repo, size);
  else if (existing !== size) throw new Error(`o banco guardado tem ${existing} artigos, não ${size}`);
  await markReviews(env);
  const month = await markCalendar(env);
  const fillSeconds = (performance.now() - filling) / 1000;
  const seedingStats = performance.now();
  const views = ONLY_SITEMAP ? 0 : await seedStatsHistory(env, size * VIEWS_PER_ARTICLE);
  const statsSeconds = (performance.now() - seedingStats) / 1000;
  await settle();
  const ctx = createAppContext({ config, repo, logger, assets: DEV_ASSETS, clientDir: 'public', staticDir: 'dist/static' });
  // What server.ts's flush task does first: the 7, 30 and 90 days' closed totals (built once a day).
  const closing = performance.now();
  if (!ONLY_SITEMAP) await ctx.stats!.closePeriods();
  const closingMs = performance.now() - closing;
  const app = createApp(ctx);
  const server = await new Promise<Server>((resolve) => {
    const listening: Server = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const json = (body: object): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  try {
    const deep = Math.max(1, Math.floor(size / PAGE_SIZE / 2));
    const latest = (await repo.publicArticles.latest(1, 1)).items[0]!;
    // The topic with the most articles (a third of them: the sample articles' topics repeat).
    const topic = (await repo.topics.list(true)).reduce((most, next) => (next.total > most.total ? next : most));
    const topicDeep = Math.max(1, Math.floor(topic.total / PAGE_SIZE / 2));
    const measures: Measures = { 'preenchimento (s)': fillSeconds, 'estatísticas: histórico (s)': statsSeconds, 'estatísticas: fechamento diário dos períodos (ms)': closingMs };
    const today = saoPauloDay(new Date());
    const period = `de=${addDays(today, -(STATS_DAYS - 1))}&ate=${today}`;
    console.log(`  ${size} artigos: calendário de ${month}, ${(views / 1e6).toFixed(1)} milhões de visualizações no histórico`);
    let cookie: string | undefined;
    if (!ONLY_SITEMAP) Object.assign(measures, {
      '/noticias (página 1)': await medianOf(() => timed(`${base}/noticias`)),
      [`/noticias (página do meio)`]: await medianOf(() => timed(`${base}/noticias?pagina=${deep}`)),
      'página de um tema (página 1)': await medianOf(() => timed(`${base}${topicPath(topic.slug)}`)),
      'página de um tema (página do meio)': await medianOf(() => timed(`${base}${topicPath(topic.slug, topicDeep)}`)),
      'API ultimas-noticias': await medianOf(() => timed(`${base}/api/artigos/ultimas-noticias`, json({ pageIndex: 1, pageSize: PAGE_SIZE }))),
      // A word of one title in 15 (the sample titles repeat), and the number that only one title has.
      'lista do editor, busca comum (1 em 15)': await medianOf(() =>
        timed(`${base}/api/artigos/lista`, json({ key: KEY, pageIndex: 1, pageSize: 20, busca: 'agenda' })),
      ),
      'lista do editor, busca de um título': await medianOf(() =>
        timed(`${base}/api/artigos/lista`, json({ key: KEY, pageIndex: 1, pageSize: 20, busca: String(Math.ceil(size / 2)) })),
      ),
      // The same word on the readers' side: in 10 of the 15 sample articles (title, description or body).
      'busca pública, palavra comum (/noticias/busca)': await medianOf(() => timed(`${base}/noticias/busca?q=agenda`)),
      'busca pública, um título': await medianOf(() => timed(`${base}/noticias/busca?q=${Math.ceil(size / 2)}`)),
      artigo: await medianOf(() => timed(`${base}${articlePath(latest)}`)),
      'fila de revisões (API, vencidas + 3 contagens)': await medianOf(() => timed(`${base}/api/revisoes?situacao=vencida`, { headers: { authorization: `Bearer ${KEY}` } })),
      // What every area page now reads with the session (decision 034): the bar's "Revisões (N)".
      'Revisões (N) da barra (3 contagens, no processo)': await medianOf(async () => {
        const start = performance.now();
        await reviewCount(repo.reviewQueue, { role: 'administrador', personId: null }, new Date());
        return performance.now() - start;
      }),
      '/editor/revisoes (3 listas e contagens)': await medianOf(async () => timed(`${base}/editor/revisoes`, { headers: { cookie: (cookie ??= await signIn(base)) } })),
      [`/editor/calendario (um mês)`]: await medianOf(async () => timed(`${base}/editor/calendario?mes=${month}`, { headers: { cookie: (cookie ??= await signIn(base)) } })),
      [`/editor/estatisticas (${STATS_DAYS} dias)`]: await medianOf(async () => timed(`${base}/editor/estatisticas?dias=${STATS_DAYS}`, { headers: { cookie: (cookie ??= await signIn(base)) } })),
      [`API estatisticas (${STATS_DAYS} dias)`]: await medianOf(() => timed(`${base}/api/estatisticas?${period}`, { headers: { authorization: `Bearer ${KEY}` } })),
      // A custom period reads every one of its days: 90 days up to yesterday.
      [`API estatisticas (${STATS_DAYS} dias até ontem, personalizado)`]: await medianOf(() =>
        timed(`${base}/api/estatisticas?de=${addDays(today, -STATS_DAYS)}&ate=${addDays(today, -1)}`, { headers: { authorization: `Bearer ${KEY}` } }),
      ),
      '/noticias logo depois de uma edição': await medianOf(async () => {
        const { titulo, titulo_url, descricao, keywords, conteudo, imagem_nome, imagem_caption, imagem_width, imagem_height } = (await repo.articles.get(latest.id))!;
        const imagem = imagem_nome ? { nome: imagem_nome, caption: imagem_caption ?? '', width: imagem_width ?? 0, height: imagem_height ?? 0 } : null;
        await repo.articles.update(latest.id, {
          autor: 'Bench',
          acao: 'editado',
          content: { titulo, titulo_url, descricao, keywords, conteudo: `${conteudo}<p>Editado.</p>`, imagem },
        });
        return timed(`${base}/noticias`);
      }),
    });
    const sitemapStart = performance.now();
    const files: string[] = [];
    measures['sitemap: maior espera de outro pedido (ms)'] = await longestWaitDuring(base, async () => {
      const index = await (await fetch(`${base}/sitemap.xml`)).text();
      for (const [, path] of index.matchAll(/<loc>[^<]*?(\/sitemap-[^<]+)<\/loc>/g)) {
        const text = await (await fetch(`${base}${path}`)).text();
        files.push(`${path}: ${(text.match(/<url>/g) ?? []).length} URLs`);
      }
    });
    measures['sitemap inteiro, sem cache'] = performance.now() - sitemapStart;
    measures['sitemap inteiro, em cache'] = await medianOf(async () => {
      const start = performance.now();
      const index = await (await fetch(`${base}/sitemap.xml`)).text();
      for (const [, path] of index.matchAll(/<loc>[^<]*?(\/sitemap-[^<]+)<\/loc>/g)) await (await fetch(`${base}${path}`)).arrayBuffer();
      return performance.now() - start;
    });
    console.log(`  ${size} artigos: ${files.join('; ')}`);
    return measures;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await repo.close();
  }
}

function report(database: string, bySize: Map<number, Measures>): void {
  const sizes = [...bySize.keys()];
  const labels = Object.keys(bySize.get(sizes[0]!)!);
  const smallest = bySize.get(sizes[0]!)!;
  const largest = bySize.get(sizes.at(-1)!)!;
  console.log(`\n${database}: mediana de ${REQUESTS} pedidos em sequência, em ms (cache de páginas desligado)\n`);
  const header = ['medida', ...sizes.map((size) => `${size} artigos`), 'razão'];
  const rows = labels.map((label) => [
    label,
    ...sizes.map((size) => bySize.get(size)![label]!.toFixed(1)),
    label.endsWith('(s)') || label.includes('maior espera') ? '-' : (largest[label]! / smallest[label]!).toFixed(2),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const format = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ');
  console.log([format(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...rows.map(format)].join('\n'));
}

const dir = KEPT_DIR ?? mkdtempSync(join(tmpdir(), 'bench-escala-'));
let cluster: PostgresCluster | undefined;
try {
  // V8 optimises the rendering only after thousands of requests: a first pass, not reported, warms the
  // process (measured cold, the smallest SQLite site took 9.1 ms a page, and 4.7 ms at 100,000 right after).
  await measureSite({ SQLITE_PATH: join(dir, 'aquecimento.db'), DATA_DIR: dir }, SIZES[0]!);
  if (DATABASES.includes('sqlite')) {
    const sqlite = new Map<number, Measures>();
    for (const size of SIZES) sqlite.set(size, await measureSite({ SQLITE_PATH: join(dir, `site-${size}.db`), DATA_DIR: dir }, size));
    report('SQLite', sqlite);
  }
  let serverUrl = process.env.BENCH_DATABASE_URL;
  const bin = findPostgresBin();
  if (!DATABASES.includes('postgres')) serverUrl = undefined;
  else if (!serverUrl && bin) {
    cluster = await startPostgresCluster(bin);
    serverUrl = cluster.url;
  }
  if (serverUrl) {
    const postgres = new Map<number, Measures>();
    for (const size of SIZES) {
      const database = await createScratchDatabase(serverUrl);
      try {
        postgres.set(size, await measureSite({ DATABASE_URL: database.url, DATA_DIR: dir }, size, () => vacuum(database.url)));
      } finally {
        await database.drop();
      }
    }
    report('PostgreSQL', postgres);
  } else if (DATABASES.includes('postgres')) {
    console.log('PostgreSQL não encontrado (nem BENCH_DATABASE_URL): medido só o SQLite.');
  }
} finally {
  await cluster?.destroy();
  if (!KEPT_DIR) rmSync(dir, { recursive: true, force: true });
}
