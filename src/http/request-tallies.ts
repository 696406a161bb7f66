import type { Registry } from 'prom-client';

/** Upper bounds of the duration histogram's buckets, in seconds. */
export const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  labels: { route: string; method: string; status: string };
  count: number;
  sum: number;
  /** Observations per bucket, not yet cumulative (Prometheus' buckets are: made so when scraped). */
  buckets: Float64Array;
}

interface Sample {
  metricName?: string;
  labels: Record<string, string | number>;
  value: number;
}

/** A metric as prom-client's registry reads it when scraped (its get()). */
interface ScrapedMetric {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  get(): { name: string; help: string; type: 'counter' | 'histogram'; aggregator: 'sum'; values: Sample[] };
}

/**
 * The requests counter and duration histogram, counted in plain numbers: prom-client hashes a series'
 * labels on every inc() and observe(), a few microseconds per request on the fast path; here a request
 * costs a Map lookup and a few additions, and the text is made only when Prometheus scrapes.
 */
export class RequestTallies {
  private readonly series = new Map<string, Series>();

  observe(route: string, method: string, status: string, seconds: number): void {
    const key = `${route} ${method} ${status}`;
    let found = this.series.get(key);
    if (!found) {
      found = { labels: { route, method, status }, count: 0, sum: 0, buckets: new Float64Array(REQUEST_BUCKETS.length) };
      this.series.set(key, found);
    }
    found.count += 1;
    found.sum += seconds;
    const bucket = REQUEST_BUCKETS.findIndex((bound) => seconds <= bound);
    if (bucket !== -1) found.buckets[bucket]! += 1;
  }

  /** Registers the counter `<prefix>http_requests_total` and the histogram `<prefix>http_request_duration_seconds`. */
  register(registry: Registry, prefix: string): void {
    const all = () => [...this.series.values()];
    const metric = (name: string, help: string, type: ScrapedMetric['type'], values: () => Sample[]): ScrapedMetric => ({
      name,
      help,
      type,
      aggregator: 'sum',
      get: () => ({ name, help, type, aggregator: 'sum', values: values() }),
    });
    const requests = metric(`${prefix}http_requests_total`, 'Requisições HTTP respondidas, por rota (padrão, nunca o caminho), método e classe de status', 'counter', () =>
      all().map(({ labels, count }) => ({ labels, value: count })),
    );
    const durationName = `${prefix}http_request_duration_seconds`;
    const durations = metric(durationName, 'Tempo de resposta HTTP em segundos, por rota, método e classe de status', 'histogram', () =>
      all().flatMap(({ labels, count, sum, buckets }) => {
        let cumulative = 0;
        const bucketSamples = REQUEST_BUCKETS.map((bound, index) => {
          cumulative += buckets[index]!;
          return { metricName: `${durationName}_bucket`, labels: { ...labels, le: bound }, value: cumulative };
        });
        return [
          ...bucketSamples,
          { metricName: `${durationName}_bucket`, labels: { ...labels, le: '+Inf' }, value: count },
          { metricName: `${durationName}_sum`, labels, value: sum },
          { metricName: `${durationName}_count`, labels, value: count },
        ];
      }),
    );
    // prom-client's registry scrapes anything with a name and a get(); its types list only its own classes.
    registry.registerMetric(requests as unknown as Parameters<Registry['registerMetric']>[0]);
    registry.registerMetric(durations as unknown as Parameters<Registry['registerMetric']>[0]);
  }
}
