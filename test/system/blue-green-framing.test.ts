import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type RunningServer } from '../e2e/support/server.js';

const CONNECTIONS = 8;
const ROUNDS = 60;
const PAGES = ['/', '/prontivo', '/preco-prontuario-eletronico', '/noticias'];
const ENCODINGS = ['br', 'gzip', 'identity'];

interface Framed {
  status: number;
  declared: number;
  received: Buffer;
  encoding: string;
}

function get(agent: Agent, port: number, path: string, encoding: string): Promise<Framed> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent, headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          declared: Number(res.headers['content-length'] ?? -1),
          received: Buffer.concat(chunks),
          encoding: res.headers['content-encoding'] ?? 'identity',
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(response: Framed): string {
  if (response.encoding === 'br') return brotliDecompressSync(response.received).toString();
  if (response.encoding === 'gzip') return gunzipSync(response.received).toString();
  return response.received.toString();
}

/** Keep-alive load on one instance: every response's Content-Length must be exactly its body. */
async function load(server: RunningServer, siteUrl: string): Promise<{ requests: number; problems: string[] }> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const problems: string[] = [];
  let requests = 0;
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      await Promise.all(
        PAGES.flatMap((path) =>
          ENCODINGS.map(async (encoding) => {
            const response = await get(agent, server.port, path, encoding).catch((error: Error) => {
              problems.push(`${path} ${encoding}: ${error.message}`);
              return undefined;
            });
            if (!response) return;
            requests += 1;
            if (response.status !== 200) problems.push(`${path} ${encoding}: ${response.status}`);
            else if (response.declared !== -1 && response.declared !== response.received.length) {
              problems.push(`${path} ${encoding}: Content-Length ${response.declared}, corpo ${response.received.length}`);
            } else if (!decoded(response).includes(`<link rel="canonical" href="${siteUrl}`)) {
              problems.push(`${path} ${encoding}: página de outra configuração`);
            }
          }),
        ),
      );
    }
  } finally {
    agent.destroy();
  }
  return { requests, problems };
}

describe('two instances with different SITE_URLs on one DATA_DIR (blue/green on one host)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-azul-verde-'));
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('each keeps serving its own pages with exact framing under keep-alive load while the other starts', async () => {
    const blueUrl = 'https://azul.prontivo.test';
    const greenUrl = 'https://verde.prontivo.test';
    const blue = await startBuiltServer({ SITE_URL: blueUrl, SEED_SAMPLE_ARTICLES: 'true' }, dataDir);
    servers.push(blue);
    // Green starts (and renders its pages) while blue is under load.
    const [blueDuringStart, green] = await Promise.all([load(blue, blueUrl), startBuiltServer({ SITE_URL: greenUrl }, dataDir)]);
    servers.push(green);
    const [blueAfter, greenAfter] = await Promise.all([load(blue, blueUrl), load(green, greenUrl)]);
    for (const result of [blueDuringStart, blueAfter, greenAfter]) {
      expect(result.problems).toEqual([]);
      expect(result.requests).toBe(ROUNDS * PAGES.length * ENCODINGS.length);
    }
  });
});
