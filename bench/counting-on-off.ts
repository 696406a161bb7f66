import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon, { type Result } from 'autocannon';
import { startBuiltServer, type RunningServer } from '../test/e2e/support/server.js';
import { pinServer } from './pinned-cores.js';

export interface OnOffOptions {
  rounds: number;
  seconds: number;
  connections: number;
  headers: Record<string, string>;
}

export interface OnOffPath {
  path: string;
  /** Median of the rounds' ratios (on over off), and the rounds' own, in order. */
  ratio: number;
  ratios: number[];
  quartiles: [number, number];
  onReqPerSec: number;
  offReqPerSec: number;
}

export interface OnOffResult {
  paths: OnOffPath[];
  /** Requests the counting server answered during the rounds (all counted), and its resident memory in MB. */
  counted: number;
  rssBefore: number;
  rssAfter: number;
}

/** The value at fraction `q` of the sorted values (nearest rank). */
const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;

/** A process's resident set size in MB, as the kernel counts it. */
function rssOf(server: RunningServer): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

function measure(url: string, seconds: number, options: OnOffOptions): Promise<Result> {
  return autocannon({ url, headers: options.headers, connections: options.connections, pipelining: 1, timeout: 10, duration: seconds }).then((result) => {
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} respostas não-2xx e ${result.errors} erros`);
    return result;
  });
}

/**
 * Counting on over off (issue 32), credible on a shared machine: two servers started together on the
 * same database, one with STATS_ENABLED=false, each path measured in short rounds that alternate which
 * server goes first (on, off; off, on; ...), so that a change in the machine's load falls on both. Each
 * round gives a ratio; the median of them is the answer, the quartiles its spread.
 */
export async function countingOnOverOff(dir: string, paths: string[], servers: RunningServer[], options: OnOffOptions): Promise<OnOffResult> {
  const [on, off] = await Promise.all([
    startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false' }, dir),
    startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false', STATS_ENABLED: 'false' }, dir),
  ]);
  servers.push(on, off);
  for (const server of [on, off]) pinServer(server.child.pid);
  for (const path of paths) for (const server of [on, off]) await measure(`${server.url}${path}`, 1, options);
  const rssBefore = rssOf(on);
  let counted = 0;
  const results = paths.map((path) => ({ path, rounds: [] as { on: number; off: number }[] }));
  for (let round = 0; round < options.rounds; round += 1) {
    for (const { path, rounds } of results) {
      const order = round % 2 === 0 ? [on, off] : [off, on];
      const rates = new Map<RunningServer, number>();
      for (const server of order) {
        const result = await measure(`${server.url}${path}`, options.seconds, options);
        if (server === on) counted += result.requests.total;
        rates.set(server, result.requests.average);
      }
      rounds.push({ on: rates.get(on)!, off: rates.get(off)! });
    }
  }
  // The counts reach the database with the next flush; what is held in memory is what is measured.
  const rssAfter = rssOf(on);
  return {
    counted,
    rssBefore,
    rssAfter,
    paths: results.map(({ path, rounds }) => {
      const ratios = rounds.map((entry) => entry.on / entry.off);
      return {
        path,
        ratio: quantile(ratios, 0.5),
        ratios,
        quartiles: [quantile(ratios, 0.25), quantile(ratios, 0.75)],
        onReqPerSec: quantile(rounds.map((entry) => entry.on), 0.5),
        offReqPerSec: quantile(rounds.map((entry) => entry.off), 0.5),
      };
    }),
  };
}

export interface CountingMemory {
  views: number;
  seconds: number;
  flushedRows: number;
  dropped: number;
  samples: { views: number; rss: number; heap: number }[];
}

/** bench/stats-memory.ts in a process of its own: the counting hook's memory over 10 million views. */
export function countingMemory(): CountingMemory {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'bench/stats-memory.ts'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return JSON.parse(output.trim().split('\n').at(-1)!) as CountingMemory;
}
