import { describe, expect, it } from 'vitest';
import { startBuiltServer } from '../e2e/support/server.js';
import { Scrape, TEST_METRICS_TOKEN } from '../support/metrics.js';

interface LogLine {
  msg: string;
  reqId?: string;
  path?: string;
}

/**
 * The built server as it runs in production, scraped once as Prometheus would: the page the fast path
 * answered from memory is counted under its route, and the request id it sent back is on its access line.
 */
describe('the built server’s /metrics', () => {
  it('answers Prometheus with the token, counts the fast path’s pages, and logs each request under the id it sent back', async () => {
    const server = await startBuiltServer({ METRICS_TOKEN: TEST_METRICS_TOKEN, LOG_LEVEL: 'info' });
    try {
      const page = await fetch(`${server.url}/prontivo`);
      expect(page.status).toBe(200);
      const id = page.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
      const response = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TEST_METRICS_TOKEN}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      const scrape = new Scrape(await response.text());
      expect(scrape.value('prontivo_http_requests_total', { route: '/prontivo', method: 'GET', status: '2xx' })).toBe(1);
      expect(scrape.value('prontivo_fast_path_requests_total', { result: 'hit' })).toBeGreaterThanOrEqual(1);
      expect(scrape.value('prontivo_db_pool_connections', { state: 'idle' }) + scrape.value('prontivo_db_pool_connections', { state: 'in_use' })).toBe(1);
      expect(scrape.family('nodejs_eventloop_lag_p99_seconds')).toBeDefined();
      const lines = () =>
        server
          .output()
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as LogLine);
      await expect.poll(() => lines().find((line) => line.reqId === id)).toMatchObject({ msg: 'acesso', path: '/prontivo' });
    } finally {
      await server.stop();
    }
  });
});
