/**
 * Memory of the statistics over 10 million counted page views (issue 32: "memory stays flat"), run by
 * bench/run.ts in a process of its own. The server's counting hook (withPageViews, with the route table,
 * the visitor hash and the tally) in a tight loop in this process: through HTTP, 10 million requests
 * take half an hour of both cores here. Every 50,000 views the counts are flushed, as the periodic
 * flush does every few seconds at 10,000 views a second, to a store that only counts the rows it is
 * handed: the database's own memory is not the question, and writing 10 million views into SQLite takes
 * 50 minutes on this shared disk. Views spread
 * as a site's do: 5,000 articles (a few read most), referrers and campaigns past the hourly bound,
 * 50 browsers (some of them bots), 200,000 addresses. Prints one JSON line: the resident set size and
 * the heap after a full collection, at the start and after each million.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadConfig } from '../src/config.js';
import { withPageViews } from '../src/http/page-views.js';
import type { StatsStore } from '../src/db/stats-store.js';
import { articlePath } from '../src/routes/paths.js';
import { createRouteTable } from '../src/routes/table.js';
import { PageStats } from '../src/workflow/page-stats.js';

const VIEWS = Number(process.env.BENCH_COUNTED_VIEWS ?? 10_000_000);
const FLUSH_EVERY = 50_000;
/** Requests answered in one turn of the event loop of a busy server. */
const TURN_EVERY = 100;
const REPORT_EVERY = 1_000_000;
const ARTICLES = 5_000;
const ADDRESSES = 200_000;

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

function memory() {
  collect();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss: Math.round(rss / 2 ** 20), heap: Math.round(heapUsed / 2 ** 20) };
}

/** A fixed pseudo-random sequence (xorshift), so that every run counts the same views. */
let seed = 2463534242;
function random(): number {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 2 ** 32;
}

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', EDITOR_KEYS: 'Bench:chave-do-benchmark-de-memoria' });
let flushedRows = 0;
const statistics: Pick<StatsStore, 'add' | 'saltFor'> = {
  add: async (batch) => {
    flushedRows += batch.views.length + batch.searches.length + batch.visitors.length;
  },
  saltFor: async (_day, candidate) => candidate,
};
const stats = new PageStats({ statistics: statistics as StatsStore }, config.site.siteUrl, { hourlyDays: 90, dailyMonths: 25 });
const paths = Array.from({ length: ARTICLES }, (_, index) =>
  articlePath({ id: index + 1, titulo_url: `artigo-${index + 1}`, data_publicacao: new Date(Date.UTC(2024, 0, 1) + index * 3_600_000).toISOString() }),
);
const agents = Array.from({ length: 50 }, (_, index) =>
  index % 10 === 9
    ? `Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) ${index}`
    : index % 2 === 0
      ? `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${index} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1`
      : `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + index}.0 Safari/537.36`,
);
const served = { statusCode: 200, writableEnded: true, getHeader: () => 'text/html; charset=utf-8' } as unknown as ServerResponse;
let address = '';
const count = withPageViews({ routes: createRouteTable(config.site), stats, siteUrl: config.site.siteUrl }, () => address, () => undefined);

const samples = [{ views: 0, ...memory() }];
const started = performance.now();
for (let view = 1; view <= VIEWS; view += 1) {
  // A few articles are read most: the cube of a uniform number leans to the first ones.
  const path = paths[Math.floor(ARTICLES * random() ** 3)]!;
  const from = random();
  const referer = from < 0.6 ? undefined : from < 0.85 ? 'https://www.google.com/' : `https://site-${Math.floor(random() * 3_000)}.com.br/pagina`;
  const query = random() < 0.05 ? `?utm_source=boletim&utm_medium=email&utm_campaign=campanha-${Math.floor(random() * 2_000)}` : '';
  const visitor = Math.floor(random() * ADDRESSES);
  address = `10.${visitor >> 16}.${(visitor >> 8) & 255}.${visitor & 255}`;
  const headers = { 'user-agent': agents[visitor % agents.length]!, ...(referer ? { referer } : {}) };
  count({ method: 'GET', url: `${path}${query}`, headers } as IncomingMessage, served);
  // The hook counts in the event loop's next turn (setImmediate), as a server's loop turns between requests.
  if (view % TURN_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
  if (view % FLUSH_EVERY === 0) await stats.flush();
  if (view % REPORT_EVERY === 0) samples.push({ views: view, ...memory() });
}
const seconds = (performance.now() - started) / 1000;
console.log(JSON.stringify({ views: VIEWS, seconds, flushedRows, dropped: stats.tally.dropped, samples }));
