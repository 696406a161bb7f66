import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { clientAddressOf, loggedPath, withAccessLog } from '../../../src/http/access-log.js';
import { currentRequestId } from '../../../src/lib/request-scope.js';
import { createLogger } from '../../../src/logger.js';

interface Line {
  msg: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
  ip?: string;
}

/** The project's logger for an environment, writing its JSON lines into a list instead of stdout. */
function capturedLogger(env: Record<string, string>) {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Line);
      done();
    },
  });
  return { logger: createLogger(loadConfig({ NODE_ENV: 'test', ...env }), sink), lines };
}

/** One request through withAccessLog on a real socket: from `host`, as if forwarded for `forwardedFor`. */
async function logOne(env: Record<string, string>, path: string, host: string, forwardedFor?: string): Promise<Line[]> {
  const { logger, lines } = capturedLogger(env);
  const app = express().set('trust proxy', 'loopback');
  const answer: RequestListener = (_req, res) => {
    res.statusCode = 204;
    res.end();
  };
  const server = createServer(withAccessLog(logger, clientAddressOf(app), answer));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const origin = host.includes(':') ? `[${host}]` : host;
    await fetch(`http://${origin}:${port}${path}`, { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
    await expect.poll(() => lines.length).toBe(1);
    return lines;
  } finally {
    server.close();
  }
}

describe('access log', () => {
  it('writes one line per request with the client’s truncated address, behind a trusted proxy', async () => {
    const [line] = await logOne({}, '/noticias?busca=minha+doen%C3%A7a', '127.0.0.1', '203.0.113.195');
    expect(line).toEqual({
      level: 30,
      time: expect.any(Number),
      msg: 'acesso',
      reqId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      method: 'GET',
      path: '/noticias',
      status: 204,
      ms: expect.any(Number),
      ip: '203.0.113.0',
    });
  });

  it('truncates IPv6 clients to their first 48 bits', async () => {
    const [line] = await logOne({}, '/', '::1', '2001:db8:85a3:8d3:1319:8a2e:370:7348');
    expect(line?.ip).toBe('2001:db8:85a3::');
  });

  it('truncates the socket’s own address when nobody forwarded the request', async () => {
    const [line] = await logOne({}, '/', '127.0.0.1');
    expect(line?.ip).toBe('127.0.0.0');
  });

  it('keeps the whole address only with LOG_FULL_IP=true', async () => {
    const [line] = await logOne({ LOG_FULL_IP: 'true' }, '/', '127.0.0.1', '203.0.113.195');
    expect(line?.ip).toBe('203.0.113.195');
  });

  it('truncates the address in any other line that names a client', () => {
    const { logger, lines } = capturedLogger({});
    logger.warn({ ip: '::ffff:198.51.100.7', url: '/api/artigos/novo' }, 'excesso de chaves de editor inválidas');
    expect(lines[0]).toMatchObject({ ip: '198.51.100.0' });
  });

  it('leaves out query strings and the token of an invitation link', () => {
    expect(loggedPath('/busca?q=diabetes')).toBe('/busca');
    expect(loggedPath('/editor/convite/Zm9vYmFyYmF6cXV4?x=1')).toBe('/editor/convite/…');
    expect(loggedPath(undefined)).toBe('/');
  });

  it('when info lines are not written, still runs each request under an id (for its warnings) but waits for no response’s end', async () => {
    const seen: (string | undefined)[] = [];
    const listener: RequestListener = (_req, res) => {
      seen.push(currentRequestId());
      expect(res.listenerCount('close')).toBe(0);
      res.end();
    };
    const server = createServer(withAccessLog(pino({ level: 'warn' }), () => '', listener));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-request-id': 'proxy-123' } });
      await fetch(`http://127.0.0.1:${port}/`);
      expect(seen[0]).toBe('proxy-123');
      expect(seen[1]).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      server.close();
    }
  });
});
