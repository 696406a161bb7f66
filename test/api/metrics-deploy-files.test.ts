import { readFileSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { Scrape, TEST_METRICS_TOKEN } from '../support/metrics.js';

/** Metrics that other exporters give the same Prometheus: node_exporter on the host, and Prometheus' own `up`. */
const FROM_ELSEWHERE = /^(node_filesystem_\w+|up)$/;

/** PromQL's functions, aggregations and keywords: words of an expression that are no metric. */
const PROMQL_WORDS = new Set(['sum', 'max', 'min', 'avg', 'count', 'rate', 'irate', 'increase', 'by', 'without', 'histogram_quantile', 'clamp_min', 'le', 'and', 'or', 'unless', 'on', 'ignoring']);

/** The metric names of a PromQL expression: its identifiers, outside label matchers and strings, that are no PromQL word. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '')
    .replace(/(?<![A-Za-z0-9_:.])\d[\d.]*(?:e[+-]?\d+)?/gi, '');
  return [...bare.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)].map((match) => match[0]).filter((word) => !PROMQL_WORDS.has(word) && !/^\d/.test(word));
}

/** Every `expr` of the dashboard's panels, wherever Grafana keeps them. */
function dashboardExpressions(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(dashboardExpressions);
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => (key === 'expr' && typeof value === 'string' ? [value] : dashboardExpressions(value)));
}

function alertExpressions(yaml: string): string[] {
  return [...yaml.matchAll(/^\s*expr:\s*(.+)$/gm)].map((match) => match[1]!.trim());
}

/** The names a scrape exposes, with a histogram's series (_bucket, _sum, _count). */
function exposedNames(scrape: Scrape): Set<string> {
  return new Set(scrape.families.flatMap((family) => (family.type === 'HISTOGRAM' ? [family.name, `${family.name}_bucket`, `${family.name}_sum`, `${family.name}_count`] : [family.name])));
}

describe('deploy/grafana-dashboard.json and deploy/prometheus-alerts.yml', () => {
  let t: TestApp;
  let exposed: Set<string>;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TEST_METRICS_TOKEN } });
    const response = await request(t.app).get('/metrics').set('Authorization', `Bearer ${TEST_METRICS_TOKEN}`);
    exposed = exposedNames(new Scrape(response.text));
  });
  afterAll(() => t.close());

  it('reads metric names out of PromQL, and not its words or labels', () => {
    expect(metricNames('histogram_quantile(0.95, sum by (le, route) (rate(prontivo_http_request_duration_seconds_bucket{status="5xx"}[5m])))')).toEqual([
      'prontivo_http_request_duration_seconds_bucket',
    ]);
    expect(metricNames('a_total / clamp_min(b_total, 1e-9) > 0.02')).toEqual(['a_total', 'b_total']);
  });

  it('the dashboard uses only metrics /metrics exposes, in every panel the operator needs', () => {
    const dashboard = JSON.parse(readFileSync('deploy/grafana-dashboard.json', 'utf8')) as { panels: { title: string }[] };
    const expressions = dashboardExpressions(dashboard);
    const names = new Set(expressions.flatMap(metricNames));
    expect([...names].filter((name) => !exposed.has(name))).toEqual([]);
    for (const needed of ['prontivo_http_requests_total', 'prontivo_http_request_duration_seconds_bucket', 'prontivo_page_cache_hits_total', 'prontivo_outbox_pending', 'prontivo_outbox_oldest_pending_age_seconds', 'nodejs_eventloop_lag_p99_seconds', 'prontivo_db_pool_connections']) {
      expect(names).toContain(needed);
    }
  });

  it('the alerts use only metrics /metrics exposes (and node_exporter’s disk), one expression per alert', () => {
    const yaml = readFileSync('deploy/prometheus-alerts.yml', 'utf8');
    const expressions = alertExpressions(yaml);
    expect(expressions).toHaveLength([...yaml.matchAll(/^\s*- alert:/gm)].length);
    const names = new Set(expressions.flatMap(metricNames));
    expect([...names].filter((name) => !exposed.has(name) && !FROM_ELSEWHERE.test(name))).toEqual([]);
    for (const needed of ['prontivo_http_requests_total', 'prontivo_outbox_oldest_pending_age_seconds', 'nodejs_eventloop_lag_p99_seconds', 'node_filesystem_avail_bytes']) {
      expect(names).toContain(needed);
    }
  });
});
