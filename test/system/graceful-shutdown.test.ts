import { describe, expect, it } from 'vitest';
import { startBuiltServer } from '../e2e/support/server.js';

const IN_FLIGHT = 60;
const EXIT_LIMIT_MS = 10_000;

describe('SIGTERM durante carga', () => {
  it('termina as requisições em andamento, recusa novas e sai em menos de 10 s', async () => {
    // Cache off so that every request really renders while the signal arrives.
    const server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'true', PAGE_CACHE_ENTRIES: '0' });
    const paths = ['/noticias', '/noticias?pagina=2', '/api/artigos/1', '/'];
    const inFlight = Array.from({ length: IN_FLIGHT }, (_, i) =>
      fetch(`${server.url}${paths[i % paths.length]}`).then(
        async (response) => ({ status: response.status, length: (await response.text()).length }),
        (error: Error) => ({ status: 0, length: 0, error: error.message }),
      ),
    );
    // Let the requests reach the server before the signal.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = Date.now();
    const exited = server.stop('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const late = await fetch(`${server.url}/`).then(
      (response) => `status ${response.status}`,
      () => 'recusada',
    );

    const results = await Promise.all(inFlight);
    const code = await exited;
    const elapsed = Date.now() - started;

    expect(results.filter((result) => result.status !== 200)).toEqual([]);
    expect(results.every((result) => result.length > 0)).toBe(true);
    expect(late).toBe('recusada');
    expect(code).toBe(0);
    expect(elapsed).toBeLessThan(EXIT_LIMIT_MS);
  });
});
