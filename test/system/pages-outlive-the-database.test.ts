import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from '../e2e/support/server.js';
import { articleBody } from '../support/articles-api.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { createArticleOver, within, writeWorks } from './support/api.js';

const bin = findPostgresBin();
/** How long the database stays down in each mode: as long as the probe that found the 503s. */
const DOWN_MS = 15_000;
/** Writes must work again this soon after `pg_ctl start` returns. */
const WRITES_BACK_MS = 5_000;
/** Bounds of each load loop, whatever happens to the test: requests, and time. */
const MAX_TURNS = 3_000;
const MAX_LOAD_MS = 90_000;
/** A pause between one worker's requests: a steady load, not a benchmark on a shared machine. */
const PAUSE_MS = 15;

const FRESH_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';
const STALE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

type Phase = 'antes' | 'durante' | 'depois';

/** Status counts per instance and phase, keyed `label status` (and `vencida` for a stale copy). */
type Tally = Record<Phase, Map<string, number>>[];

/** Whether the page came from the page cache rather than from a render for this request (see test/support/page-cache.ts). */
const fromCache = (response: Response) => !(response.headers.get('etag') ?? '-rapido"').endsWith('-rapido"');

/**
 * Two instances on one PostgreSQL, under reads and editors' writes (drafts and publications on both),
 * while PostgreSQL is stopped for 15 s. Before issue 29 every draft emptied the listing pages and an
 * emptied page had no copy left: one instance answered `/noticias` with 503 for the whole outage.
 * Now a page either instance served before the stop is served throughout, fresh or from its stale copy.
 */
describe.runIf(bin)('páginas que sobrevivem ao PostgreSQL parado, com duas instâncias sob leituras e escritas', () => {
  let cluster: PostgresCluster;
  const servers: RunningServer[] = [];
  let pages: string[];

  async function waitUntilCached(server: RunningServer, path: string): Promise<void> {
    const cached = await within(10_000, async () => {
      const response = await fetch(`${server.url}${path}`, { headers: { 'accept-encoding': 'br' } });
      await response.arrayBuffer();
      return response.status === 200 && fromCache(response);
    });
    expect(cached, `${path} em cache`).not.toBeNull();
  }

  beforeAll(async () => {
    cluster = await startPostgresCluster(bin!);
    for (let i = 0; i < 2; i += 1) servers.push(await startBuiltServer({ DATABASE_URL: cluster.url, SEED_SAMPLE_ARTICLES: 'false' }));
    const id = await createArticleOver(servers[0]!.url, 'Artigo lido durante a queda');
    const short = await fetch(`${servers[0]!.url}/noticias/${id}`, { redirect: 'manual' });
    const article = new URL(short.headers.get('location')!, servers[0]!.url).pathname;
    pages = ['/noticias', article, '/noticias/feed.xml'];
    for (const server of servers) for (const path of pages) await waitUntilCached(server, path);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await cluster?.destroy();
  });

  /** Pages the readers leave alone for a moment (they read the article instead). */
  const held = new Set<string>();

  function load(tally: Tally, phase: () => Phase): { failures: string[]; stop: () => Promise<void> } {
    let running = true;
    const failures: string[] = [];
    const deadline = Date.now() + MAX_LOAD_MS;
    const count = (index: number, key: string) => {
      const counts = tally[index]![phase()];
      counts.set(key, (counts.get(key) ?? 0) + 1);
    };
    const loop = async (index: number, worker: number) => {
      const server = servers[index]!;
      for (let turn = 0; running && turn < MAX_TURNS && Date.now() < deadline; turn += 1) {
        const write = turn % 4 === 3;
        // Half the writes are drafts, which no reader sees; half publish an article on the list at once.
        const draft = turn % 8 === 3;
        const read = held.has(pages[turn % pages.length]!) ? pages[1]! : pages[turn % pages.length]!;
        const label = write ? (draft ? 'rascunho' : 'publicação') : `leitura ${read}`;
        const init: RequestInit | undefined = write
          ? {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(articleBody({ key: TEST_EDITOR_KEY, titulo: `Carga ${index}-${worker}-${turn}`, ...(draft ? { status: 'rascunho' } : {}) })),
            }
          : undefined;
        const path = write ? '/api/artigos/novo' : read;
        try {
          const response = await fetch(`${server.url}${path}`, init);
          await response.arrayBuffer();
          const stale = response.headers.get('cache-control') === STALE_CACHE_CONTROL;
          count(index, `${label} ${response.status}${stale ? ' vencida' : ''}`);
          if (response.status >= 500 && (!write || response.status !== 503)) failures.push(`instância ${index + 1}, ${phase()}: ${label} ${response.status}`);
        } catch (error) {
          failures.push(`instância ${index + 1}, ${phase()}: ${label} sem resposta: ${String(error)} (${String((error as Error).cause)})`);
        }
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
    };
    const loops = servers.flatMap((_, index) => [0, 1].map((worker) => loop(index, worker)));
    return {
      failures,
      stop: async () => {
        running = false;
        await Promise.all(loops);
      },
    };
  }


  const staleLines = (server: RunningServer) => server.output().split('\n').filter((line) => line.includes('da cópia vencida até o banco voltar')).length;

  const total = (counts: Map<string, number>, match: (key: string) => boolean) =>
    [...counts].filter(([key]) => match(key)).reduce((sum, [, n]) => sum + n, 0);

  it.each(['fast', 'immediate'] as const)(
    'a %s stop of 15 s: every page served before it answers 200 on both instances, no 500, writes back within 5 s',
    async (mode) => {
      const tally: Tally = servers.map(() => ({ antes: new Map(), durante: new Map(), depois: new Map() }));
      const toldBefore = servers.map(staleLines);
      let phase: Phase = 'antes';
      const running = load(tally, () => phase);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      // The worst moment: a publication on each instance changed the list and the feed, and the database
      // stops before anyone reads them again. Without holding their readers for that moment, the list is
      // usually rendered again in between, and the stale copies would be tried only by chance.
      held.add(pages[0]!).add(pages[2]!);
      for (const server of servers) await createArticleOver(server.url, `Publicada logo antes da parada ${mode}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await cluster.stop(mode);
      held.clear();
      phase = 'durante';
      await new Promise((resolve) => setTimeout(resolve, DOWN_MS));
      await cluster.start();
      phase = 'depois';
      const back = await Promise.all(servers.map((server) => within(WRITES_BACK_MS, () => writeWorks(server.url))));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await running.stop();

      const report = tally.map((phases, index) => `instância ${index + 1}: ${JSON.stringify(Object.fromEntries(Object.entries(phases).map(([name, counts]) => [name, Object.fromEntries(counts)])))}`);
      console.log(`parada ${mode} de ${DOWN_MS / 1000} s: escritas de volta em ${back.join(' e ')} ms depois do start\n${report.join('\n')}`);
      for (const server of servers) expect(server.child.exitCode, server.output()).toBeNull();
      expect(running.failures, report.join('\n')).toEqual([]);
      for (const [index, phases] of tally.entries()) {
        const during = phases.durante;
        expect(total(during, (key) => key.startsWith('leitura')), `instância ${index + 1} leu durante a queda`).toBeGreaterThan(50);
        expect(total(during, (key) => key.startsWith('leitura') && !key.includes(' 200')), report.join('\n')).toBe(0);
        // The list changed before the stop (publications): what answered it was its stale copy.
        expect(total(during, (key) => key === 'leitura /noticias 200 vencida'), report.join('\n')).toBeGreaterThan(0);
        expect(total(during, (key) => (key.startsWith('rascunho') || key.startsWith('publicação')) && key.endsWith(' 503')), report.join('\n')).toBeGreaterThan(0);
      }
      // One line per page and outage, not one per request.
      const told = servers.map((server, index) => staleLines(server) - toldBefore[index]!);
      expect(told.every((lines) => lines > 0 && lines <= pages.length), `linhas de cópia vencida: ${told.join(' e ')}`).toBe(true);
      expect(back.every((ms) => ms !== null && ms <= WRITES_BACK_MS), `escritas de volta em ${back.join(' e ')} ms`).toBe(true);

      // Back to fresh pages, with their usual Cache-Control, on both paths the instances answer by.
      for (const server of servers) {
        const fresh = await within(10_000, async () => {
          const response = await fetch(`${server.url}/noticias`);
          await response.arrayBuffer();
          return response.status === 200 && response.headers.get('cache-control') === FRESH_CACHE_CONTROL;
        });
        expect(fresh, 'a lista volta a ser servida fresca').not.toBeNull();
      }
    },
    180_000,
  );
});
