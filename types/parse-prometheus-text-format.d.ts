declare module 'parse-prometheus-text-format' {
  export interface ParsedSample {
    labels?: Record<string, string>;
    /** Counters, gauges, untyped. */
    value?: string;
    /** Histograms: cumulative count by upper bound, and the totals. */
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  export interface ParsedFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: ParsedSample[];
  }
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}
