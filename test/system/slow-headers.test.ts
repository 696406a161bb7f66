import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type RunningServer } from '../e2e/support/server.js';

const SOCKETS = 50;
const HEADERS_TIMEOUT_MS = 2_000;
const DRIP_MS = 250;
/** Past this the server has surely had its chance: the timeout plus Node's once-a-second sweep, twice over. */
const GIVE_UP_MS = 4 * HEADERS_TIMEOUT_MS;

interface Outcome {
  closedByServer: boolean;
  afterMs: number;
  answer: string;
}

/** A slowloris client: a request line, then one header line at a time, never the blank line that ends them. */
function dripHeaders(port: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let answer = '';
    let line = 0;
    const drip = setInterval(() => socket.write(`X-Lento-${(line += 1)}: ${'a'.repeat(20)}\r\n`), DRIP_MS);
    const giveUp = setTimeout(() => {
      clearInterval(drip);
      socket.destroy();
      resolve({ closedByServer: false, afterMs: Date.now() - started, answer });
    }, GIVE_UP_MS);
    socket.on('connect', () => socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n'));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(drip);
      clearTimeout(giveUp);
      resolve({ closedByServer: true, afterMs: Date.now() - started, answer });
    });
  });
}

describe('slow-header clients (slowloris)', () => {
  let server: RunningServer;
  afterAll(() => server?.stop());

  it(`${SOCKETS} connections trickling headers are closed once the header timeout passes, and the site keeps answering`, async () => {
    server = await startBuiltServer({ HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS) });
    const pending = Promise.all(Array.from({ length: SOCKETS }, () => dripHeaders(server.port)));
    await new Promise((resolve) => setTimeout(resolve, HEADERS_TIMEOUT_MS / 2));
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    const results = await pending;
    const lingering = results.filter((result) => !result.closedByServer);
    expect(lingering).toEqual([]);
    for (const result of results) {
      expect(result.afterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
      expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
    }
    console.log(`slowloris: ${SOCKETS} conexões fechadas pelo servidor entre ${Math.min(...results.map((r) => r.afterMs))} e ${Math.max(...results.map((r) => r.afterMs))} ms (headersTimeout ${HEADERS_TIMEOUT_MS} ms)`);
  });
});
