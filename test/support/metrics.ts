import parsePrometheusTextFormat, { type ParsedFamily } from 'parse-prometheus-text-format';

/** A token as long as METRICS_TOKEN must be. */
export const TEST_METRICS_TOKEN = 'token-de-metricas-de-teste-0123456789';

/** What /metrics answered, as Prometheus reads it. */
export class Scrape {
  readonly families: ParsedFamily[];

  constructor(readonly text: string) {
    this.families = parsePrometheusTextFormat(text);
  }

  /**
   * How many observations a histogram's series holds. Read from the text itself: the parser keeps only
   * the buckets of a histogram with labels, without its labels.
   */
  observations(name: string, labels: Record<string, string>): number {
    const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
    const line = this.text.split('\n').find((candidate) => candidate.startsWith(`${name}_count{`) && wanted.every((pair) => candidate.includes(pair)));
    return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
  }

  family(name: string): ParsedFamily | undefined {
    return this.families.find((family) => family.name === name);
  }

  /** The value of the series of `name` with exactly these labels among its own (others ignored); 0 when absent, as Prometheus' increase() sees a series not yet born. */
  value(name: string, labels: Record<string, string> = {}): number {
    const sample = this.family(name)?.metrics.find((metric) => Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value));
    if (!sample) return 0;
    return Number(sample.value ?? sample.count);
  }

  /** Every value a label takes in `name`'s series. */
  labelValues(name: string, label: string): string[] {
    return [...new Set((this.family(name)?.metrics ?? []).map((metric) => metric.labels?.[label]).filter((value): value is string => value !== undefined))];
  }
}
