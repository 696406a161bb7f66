import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/messages.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { articleBody, expectFailure } from '../support/articles-api.js';

interface LogLine {
  level: number;
  msg: string;
  err?: { stack?: string };
}

const WARN = 40;

describe('client mistakes answer 4xx and are logged at warn without a stack', () => {
  let t: TestApp;
  const logged: LogLine[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logged.push(JSON.parse(chunk.toString()) as LogLine);
        callback();
      },
    });
    t = await createTestApp({ assets: DEV_ASSETS, logger: pino({ level: 'info' }, sink) });
  });
  afterEach(() => {
    logged.length = 0;
  });
  afterAll(() => t.close());

  const expectOnlyWarnings = () => {
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) {
      expect(line.level).toBeLessThanOrEqual(WARN);
      expect(JSON.stringify(line)).not.toMatch(/\n\s+at /);
    }
  };

  it.each(['/noticias/%', '/noticias/%c0%ae', '/assets/artigos/1/%', '/noticias/1/2026/01/01/%E0%A4%A'])(
    'answers %s with the Portuguese 400 page',
    async (path) => {
      const res = await request(t.app).get(path).expect(400).expect('Content-Type', /text\/html/);
      expect(res.text).toContain('<html lang="pt-BR">');
      expect(res.text).toContain('Endereço inválido');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expectOnlyWarnings();
    },
  );

  it.each(['/api/artigos/%zz', '/api/artigos/%'])('answers %s with the JSON envelope', async (path) => {
    const res = await request(t.app).get(path);
    expect(expectFailure(res, 400, 'desconhecido')).toEqual([MESSAGES.urlMalformed]);
    expectOnlyWarnings();
  });

  it.each(['br', 'gzip', 'deflate'])('answers a body that is not really %s with 400 and a message', async (encoding) => {
    const res = await request(t.app)
      .post('/api/artigos/novo')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', encoding)
      .send(JSON.stringify(articleBody()));
    expect(expectFailure(res, 400, 'artigos/novo')).toEqual([MESSAGES.bodyNotDecompressible]);
    expectOnlyWarnings();
  });

  it('still accepts a body that really is compressed', async () => {
    // Over a socket: supertest would serialise a Buffer as JSON under Content-Type: application/json.
    const server: Server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const json = Buffer.from(JSON.stringify(articleBody({ titulo: 'Corpo comprimido de verdade' })));
      for (const [encoding, body] of [
        ['br', brotliCompressSync(json)],
        ['gzip', gzipSync(json)],
      ] as const) {
        const res = await fetch(`http://127.0.0.1:${port}/api/artigos/novo`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-encoding': encoding },
          body,
        });
        expect([res.status, ((await res.json()) as { messages: string[] }).messages]).toEqual([200, []]);
      }
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('logs a client that gives up mid-body at info, not as an error', async () => {
    const server: Server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /api/artigos/novo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"titulo":"meio',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    for (let i = 0; i < 50 && logged.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(logged).toContainEqual(expect.objectContaining({ msg: 'requisição abortada pelo cliente', level: 30 }));
    expect(logged.filter((line) => line.level > WARN)).toEqual([]);
  });
});
