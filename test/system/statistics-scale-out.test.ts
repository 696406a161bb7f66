import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from '../e2e/support/server.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';

const bin = findPostgresBin();
const FLUSH_MS = 200;
/** Room for the flush transaction itself on a loaded machine. */
const FLUSH_TRANSACTION_MS = 100;
const READER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** Page views of the whole site today, as the API answers them (any instance: they read the same database). */
async function viewsCounted(base: string): Promise<number> {
  const response = await fetch(`${base}/api/estatisticas`, { headers: { authorization: `Bearer ${TEST_EDITOR_KEY}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { value: { visualizacoes: number } }).value.visualizacoes;
}

/** One reader's view of a public page. */
async function view(base: string, path: string): Promise<void> {
  const response = await fetch(`${base}${path}`, { headers: { 'user-agent': READER } });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
}

async function settled(base: string, expected: number): Promise<number> {
  const deadline = Date.now() + 10_000;
  let counted = await viewsCounted(base);
  while (counted < expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, FLUSH_MS));
    counted = await viewsCounted(base);
  }
  return counted;
}

/**
 * Statistics on two instances over one PostgreSQL (issue 32, decision 029): each counts in memory and
 * flushes every STATS_FLUSH_INTERVAL_MS, adding to the same rows; a kill -9 loses at most what the
 * killed instance counted since its last flush.
 */
describe.runIf(bin)('estatísticas de duas instâncias sobre um PostgreSQL', () => {
  let cluster: PostgresCluster;
  let one: RunningServer;
  let two: RunningServer;

  beforeAll(async () => {
    cluster = await startPostgresCluster(bin!);
    const env = { DATABASE_URL: cluster.url, SEED_SAMPLE_ARTICLES: 'false', STATS_FLUSH_INTERVAL_MS: String(FLUSH_MS) };
    one = await startBuiltServer(env);
    two = await startBuiltServer(env);
  });
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await cluster?.destroy();
  });

  it('as visualizações das duas instâncias somam num só total, igual nas duas', async () => {
    const before = await viewsCounted(one.url);
    for (let i = 0; i < 15; i++) await view(one.url, '/');
    for (let i = 0; i < 25; i++) await view(two.url, '/noticias');
    expect(await settled(one.url, before + 40)).toBe(before + 40);
    expect(await viewsCounted(two.url)).toBe(before + 40);
  });

  it('um kill -9 perde no máximo o último intervalo de gravação da instância morta', async () => {
    const before = await viewsCounted(one.url);
    // Views sent to the instance to kill, each with the moment its answer arrived, until it is killed.
    const answered: number[] = [];
    const until = Date.now() + 3 * FLUSH_MS + 500;
    while (Date.now() < until) {
      await view(two.url, '/');
      answered.push(Date.now());
    }
    const killedAt = Date.now();
    two.child.kill('SIGKILL');
    await new Promise((resolve) => two.child.once('exit', resolve));

    // Nothing can add to the total any more but a flush that was already committing.
    await new Promise((resolve) => setTimeout(resolve, 2 * FLUSH_MS));
    const counted = (await viewsCounted(one.url)) - before;
    // A flush in flight when the process dies is lost with it: the last interval, plus that transaction.
    const beforeLastInterval = answered.filter((at) => at < killedAt - FLUSH_MS - FLUSH_TRANSACTION_MS).length;
    expect(counted).toBeLessThanOrEqual(answered.length);
    expect(counted).toBeGreaterThanOrEqual(beforeLastInterval);
  });
});
