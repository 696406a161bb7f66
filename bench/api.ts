/**
 * Requests per second of the articles API on each storage adapter: GET /api/artigos/:id,
 * POST /api/artigos/ultimas-noticias (page 1, 12 items) and POST /api/artigos/busca (page 1, 12 items,
 * among 10,000 articles with topics), against the real app started in this process
 * on 127.0.0.1 with a throwaway, seeded database (SQLite file; PostgreSQL cluster made with initdb).
 * BENCH_DURATION (s, default 5) and BENCH_CONNECTIONS (default 10) bound each run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Options, type Result } from 'autocannon';
import { createApp } from '../src/app.js';
import { createAppContext } from '../src/http/app-context.js';
import { loadConfig } from '../src/config.js';
import { openRepository } from '../src/open-storage.js';
import type { Repository } from '../src/db/storage.js';
import { seedSampleArticles } from '../src/db/seed.js';
import { createLogger } from '../src/logger.js';
import { DEV_ASSETS } from '../src/ssr/assets.js';
import { createArticle } from '../test/support/app.js';
import { seedTopicArticles } from './seed-articles.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../test/support/postgres-cluster.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP_S = 1;
const EXTRA_ARTICLES = 45;
const SEARCHED_ARTICLES = 10_000;

interface Measurement {
  adapter: string;
  endpoint: string;
  result: Result;
}

async function fill(repo: Repository): Promise<number> {
  await seedSampleArticles(repo);
  for (let i = 0; i < EXTRA_ARTICLES; i += 1) {
    await createArticle(repo, { conteudo: `<p>${'Texto de um artigo de exemplo para medir a API. '.repeat(40)}</p>` });
  }
  await seedTopicArticles(repo, SEARCHED_ARTICLES);
  return (await repo.publicArticles.latest(1, 1)).items[0]!.id;
}

async function listen(env: Record<string, string>): Promise<{ url: string; articleId: number; stop: () => Promise<void> }> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', EDITOR_KEYS: 'Bench:chave-do-benchmark', ...env });
  const logger = createLogger(config);
  const repo = await openRepository(config, logger);
  const articleId = await fill(repo);
  const app = createApp(createAppContext({ config, repo, logger, assets: DEV_ASSETS, clientDir: 'public', staticDir: 'dist/static' }));
  const server = await new Promise<Server>((resolve) => {
    const listening: Server = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    articleId,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await repo.close();
    },
  };
}

async function measure(options: Options): Promise<Result> {
  await autocannon({ ...options, duration: WARMUP_S });
  return autocannon({ ...options, duration: DURATION_S });
}

async function benchAdapter(adapter: string, env: Record<string, string>): Promise<Measurement[]> {
  const server = await listen(env);
  try {
    const common = { connections: CONNECTIONS, pipelining: 1, timeout: 10 };
    const byId = await measure({ ...common, url: `${server.url}/api/artigos/${server.articleId}` });
    const latest = await measure({
      ...common,
      url: `${server.url}/api/artigos/ultimas-noticias`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pageIndex: 1, pageSize: 12 }),
    });
    const search = await measure({
      ...common,
      url: `${server.url}/api/artigos/busca`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ q: 'receitas', pageIndex: 1, pageSize: 12 }),
    });
    return [
      { adapter, endpoint: 'GET /api/artigos/:id', result: byId },
      { adapter, endpoint: 'POST /api/artigos/ultimas-noticias', result: latest },
      { adapter, endpoint: `POST /api/artigos/busca (${SEARCHED_ARTICLES.toLocaleString('pt-BR')} artigos)`, result: search },
    ];
  } finally {
    await server.stop();
  }
}

function table(rows: Measurement[]): string {
  const header = ['banco', 'endpoint', 'req/s (média)', 'p50 ms', 'p99 ms', 'erros/não-2xx'];
  const lines = rows.map(({ adapter, endpoint, result }) => [
    adapter,
    endpoint,
    result.requests.average.toFixed(0),
    String(result.latency.p50),
    String(result.latency.p99),
    String(result.errors + result.timeouts + result.non2xx),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ');
  return [format(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...lines.map(format)].join('\n');
}

const dir = mkdtempSync(join(tmpdir(), 'site-bench-api-'));
let cluster: PostgresCluster | undefined;
try {
  const rows = await benchAdapter('sqlite', { SQLITE_PATH: join(dir, 'site.db'), DATA_DIR: dir });
  let postgresUrl = process.env.BENCH_DATABASE_URL;
  const bin = findPostgresBin();
  if (!postgresUrl && bin) {
    cluster = await startPostgresCluster(bin);
    postgresUrl = cluster.url;
  }
  if (postgresUrl) {
    rows.push(...(await benchAdapter('postgres', { DATABASE_URL: postgresUrl, DATA_DIR: dir })));
  } else {
    console.log('PostgreSQL não encontrado (nem BENCH_DATABASE_URL): medindo só o SQLite.');
  }
  console.log(`\nAPI de artigos: ${DURATION_S} s por medida, ${CONNECTIONS} conexões, servidor no mesmo processo\n`);
  console.log(table(rows));
  if (rows.some((row) => row.result.errors + row.result.non2xx > 0)) process.exitCode = 1;
} finally {
  await cluster?.destroy();
  rmSync(dir, { recursive: true, force: true });
}
