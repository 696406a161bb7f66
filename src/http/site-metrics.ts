import type { IncomingMessage, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PendingKind } from '../db/outbox-store.js';
import type { Repository } from '../db/storage.js';
import type { DecodeQueue } from '../images/decode-queue.js';
import type { PageCache } from './page-cache.js';
import { RequestTallies } from './request-tallies.js';

/** Every metric of the site starts so (Node's default ones keep their usual names). */
export const METRIC_PREFIX = 'prontivo_';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const DECODE_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** What the metrics read on each scrape; the rest is counted where it happens. */
export interface MetricSources {
  pageCache: PageCache;
  repo: Repository;
  decodes: DecodeQueue;
  /** The route a path went to, as a label (route-label.ts). */
  routeOf: (path: string, status: number) => string;
}

/** One app's metrics, in a registry of its own (tests make many apps in one process). */
export interface SiteMetrics {
  readonly registry: Registry;
  /** A response is over (access-log.ts calls it for every request, on either path). */
  responded(req: IncomingMessage, res: ServerResponse, path: string, seconds: number): void;
  /** The image pipeline processed an upload in `seconds`. */
  imageDecoded(seconds: number): void;
  /** The fast path in front of Express, once made: its hits and misses are read from it. */
  watchFastPath(fast: FastPathCounts): void;
}

/** What the fast path counts, read at each scrape. */
export interface FastPathCounts {
  readonly served: number;
  readonly passed: number;
}

/**
 * Counting on the request path is a Map lookup and a few additions (request-tallies.ts). The page
 * cache, the fast path and the database count in plain numbers of their own, read only when
 * Prometheus scrapes.
 */
export function createSiteMetrics(sources: MetricSources): SiteMetrics {
  const { pageCache, repo, decodes, routeOf } = sources;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const name = (suffix: string) => `${METRIC_PREFIX}${suffix}`;
  const registers = [registry];
  let fastPath: FastPathCounts | undefined;

  const requests = new RequestTallies();
  requests.register(registry, METRIC_PREFIX);

  new Counter({
    name: name('fast_path_requests_total'),
    help: 'Requisições vistas pelo caminho rápido: hit = respondidas por ele, miss = passadas ao Express',
    labelNames: ['result'],
    registers,
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, fastPath?.served ?? 0);
      this.inc({ result: 'miss' }, fastPath?.passed ?? 0);
    },
  });
  new Gauge({ name: name('page_cache_entries'), help: 'Páginas guardadas no cache de páginas (vencidas incluídas)', registers, collect() { this.set(pageCache.size); } });
  const tally = (suffix: string, help: string, read: () => number) =>
    new Counter({ name: name(suffix), help, registers, collect() { this.reset(); this.inc(read()); } });
  tally('page_cache_hits_total', 'Páginas respondidas do cache (ou da renderização que outra requisição já fazia)', () => pageCache.hits);
  tally('page_cache_misses_total', 'Páginas renderizadas por não estarem no cache', () => pageCache.misses);
  tally('page_cache_stale_served_total', 'Cópias vencidas servidas porque a renderização falhou (banco fora do ar)', () => pageCache.staleServed);

  new Gauge({
    name: name('db_pool_connections'),
    help: 'Conexões do banco: in_use (em uso) e idle (ociosas); no SQLite, a única conexão',
    labelNames: ['state'],
    registers,
    collect() {
      const pool = repo.stats.pool();
      this.set({ state: 'in_use' }, pool.total - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
    },
  });
  new Gauge({ name: name('db_pool_waiting'), help: 'Consultas esperando uma conexão do banco', registers, collect() { this.set(repo.stats.pool().waiting); } });
  new Counter({
    name: name('db_query_errors_total'),
    help: 'Consultas ao banco que falharam, por código do banco (SQLSTATE, SQLITE_*, ECONNREFUSED…)',
    labelNames: ['code'],
    registers,
    collect() {
      this.reset();
      for (const [code, count] of repo.stats.queryErrors) this.inc({ code }, count);
    },
  });

  // Both outbox gauges are collected together on a scrape: one query serves them.
  let reading: Promise<PendingKind[]> | undefined;
  const pendingByKind = () =>
    (reading ??= repo.outbox
      .pendingByKind()
      .catch(() => [])
      .finally(() => (reading = undefined)));
  new Gauge({
    name: name('outbox_pending'),
    help: 'Entregas pendentes na fila (e-mails, webhooks), por tipo',
    labelNames: ['kind'],
    registers,
    async collect() {
      this.reset();
      for (const { kind, pending } of await pendingByKind()) this.set({ kind }, pending);
    },
  });
  new Gauge({
    name: name('outbox_oldest_pending_age_seconds'),
    help: 'Idade em segundos da entrega pendente mais antiga, por tipo',
    labelNames: ['kind'],
    registers,
    async collect() {
      this.reset();
      const now = Date.now();
      for (const { kind, oldestCreatedAt } of await pendingByKind()) this.set({ kind }, Math.max(0, (now - Date.parse(oldestCreatedAt)) / 1000));
    },
  });

  new Gauge({ name: name('image_queue_waiting'), help: 'Envios de imagem esperando a vez no processamento', registers, collect() { this.set(decodes.waiting); } });
  const decodeTimes = new Histogram({ name: name('image_decode_seconds'), help: 'Tempo de processamento (decodificar e recodificar) de uma imagem enviada, em segundos', buckets: DECODE_BUCKETS, registers });

  return {
    registry,
    responded(req, res, path, seconds) {
      const method = KNOWN_METHODS.has(req.method ?? '') ? req.method! : 'outro';
      const status = `${Math.floor(res.statusCode / 100)}xx`;
      requests.observe(routeOf(path, res.statusCode), method, status, seconds);
    },
    imageDecoded(seconds) {
      decodeTimes.observe(seconds);
    },
    watchFastPath(fast) {
      fastPath = fast;
    },
  };
}
