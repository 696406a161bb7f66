import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from '../e2e/support/server.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';

const bin = findPostgresBin();
const FLUSH_MS = 200;
const OUTAGE_MS = 20_000;
/** A short pause between views: a steady reader's pace, not a load test on a shared machine. */
const PACE_MS = 5;
/** Pages the server answers without the database (prerendered), each counted as a view. */
const PAGES = ['/', '/prontivo', '/preco-prontuario-eletronico'];
const READER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

async function viewsCounted(base: string): Promise<number> {
  const response = await fetch(`${base}/api/estatisticas`, { headers: { authorization: `Bearer ${TEST_EDITOR_KEY}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { value: { visualizacoes: number } }).value.visualizacoes;
}

/** Views of the pages, one after the other, until `until`: each answer's status and time. */
async function read(base: string, until: number): Promise<{ statuses: number[]; ms: number[] }> {
  const statuses: number[] = [];
  const ms: number[] = [];
  for (let i = 0; Date.now() < until; i++) {
    const started = performance.now();
    const response = await fetch(`${base}${PAGES[i % PAGES.length]}`, { headers: { 'user-agent': READER } });
    await response.arrayBuffer();
    ms.push(performance.now() - started);
    statuses.push(response.status);
    await new Promise((resolve) => setTimeout(resolve, PACE_MS));
  }
  return { statuses, ms };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const summary = (values: number[]) => `n=${values.length} p50=${percentile(values, 50).toFixed(2)} ms p95=${percentile(values, 95).toFixed(2)} ms`;

/**
 * PostgreSQL stopped for 20 s (`pg_ctl -m fast`, as an operator or a container stop does) while readers
 * read (issue 32, decision 029): the views wait in memory, bounded, and are all written once it is back;
 * pages keep answering meanwhile. Latencies before and during are printed for the README, not asserted.
 */
describe.runIf(bin)('estatísticas com o PostgreSQL parado por 20 s', () => {
  let cluster: PostgresCluster;
  let server: RunningServer;

  beforeAll(async () => {
    cluster = await startPostgresCluster(bin!);
    server = await startBuiltServer({ DATABASE_URL: cluster.url, SEED_SAMPLE_ARTICLES: 'false', STATS_FLUSH_INTERVAL_MS: String(FLUSH_MS) });
  });
  afterAll(async () => {
    await server?.stop();
    await cluster?.destroy();
  });

  it('nenhuma visualização contada durante a queda se perde, e as páginas seguem respondendo 200', async () => {
    const before = await viewsCounted(server.url);
    const calm = await read(server.url, Date.now() + 5_000);

    await cluster.stop('fast');
    const outage = await read(server.url, Date.now() + OUTAGE_MS);
    await cluster.start();

    expect(calm.statuses.every((status) => status === 200)).toBe(true);
    expect(outage.statuses.filter((status) => status !== 200)).toEqual([]);
    const expected = before + calm.statuses.length + outage.statuses.length;
    // Once the database is back, the next flushes write what waited in memory: every view, exactly.
    const deadline = Date.now() + 30_000;
    let counted = 0;
    do {
      await new Promise((resolve) => setTimeout(resolve, FLUSH_MS));
      counted = await viewsCounted(server.url).catch(() => 0);
    } while (counted < expected && Date.now() < deadline);
    await new Promise((resolve) => setTimeout(resolve, 3 * FLUSH_MS));
    expect(await viewsCounted(server.url)).toBe(expected);

    console.log(`estatísticas, PostgreSQL parado 20 s: antes ${summary(calm.ms)}; durante ${summary(outage.ms)}; visualizações contadas ${expected - before}, perdidas 0`);
  });
});
