import { describe, expect, it } from 'vitest';
import { startBuiltServer } from '../e2e/support/server.js';

interface AccessLine {
  msg: string;
  method: string;
  path: string;
  status: number;
  ip?: string;
}

/** The built server's access log lines, as JSON on its stdout. */
function accessLines(output: string): AccessLine[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as AccessLine)
    .filter((line) => line.msg === 'acesso');
}

const FORWARDED = { 'X-Forwarded-For': '203.0.113.195' };

/**
 * The built server, as it runs in production, logs every request with the address truncated: a page the
 * fast path answers from memory, one Express renders, the API; and whole addresses only with LOG_FULL_IP.
 */
describe('the built server’s access log', () => {
  it('has one line per request on both paths, the forwarded client’s address truncated', async () => {
    const server = await startBuiltServer({ LOG_LEVEL: 'info' });
    try {
      await fetch(`${server.url}/`, { headers: FORWARDED });
      await fetch(`${server.url}/noticias?busca=diabetes`, { headers: FORWARDED });
      await fetch(`${server.url}/api/artigos/next-id`, { headers: FORWARDED });
      await expect.poll(() => accessLines(server.output()).filter((line) => line.path !== '/healthz').length).toBe(3);
      const lines = accessLines(server.output()).filter((line) => line.path !== '/healthz');
      expect(lines.map(({ method, path, status, ip }) => ({ method, path, status, ip }))).toEqual([
        { method: 'GET', path: '/', status: 200, ip: '203.0.113.0' },
        { method: 'GET', path: '/noticias', status: 200, ip: '203.0.113.0' },
        { method: 'GET', path: '/api/artigos/next-id', status: 200, ip: '203.0.113.0' },
      ]);
      expect(server.output()).not.toContain('203.0.113.195');
      expect(server.output()).not.toContain('diabetes');
    } finally {
      await server.stop();
    }
  });

  it('keeps whole addresses with LOG_FULL_IP=true', async () => {
    const server = await startBuiltServer({ LOG_LEVEL: 'info', LOG_FULL_IP: 'true' });
    try {
      await fetch(`${server.url}/`, { headers: FORWARDED });
      await expect.poll(() => accessLines(server.output()).find((line) => line.path === '/')?.ip).toBe('203.0.113.195');
    } finally {
      await server.stop();
    }
  });
});
