import { randomBytes } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import compression from 'compression';
import { afterEach, describe, expect, it } from 'vitest';
import { streamPage } from '../../../src/ssr/stream-page.js';

/** Paragraphs of random letters: barely compressible, so the gzip stream fills and drains again and again. */
function longBody(paragraphs: number): string[] {
  return Array.from({ length: paragraphs }, () => randomBytes(3_000).toString('base64'));
}

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe('a streamed private page through compression()', () => {
  it('waits for each drain with one listener, whatever the page weighs', async () => {
    const paragraphs = longBody(400);
    const compress = compression();
    server = createServer((req, res) => {
      compress(req as never, res as never, () => {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        void streamPage(
          res,
          { opening: '<!doctype html><html><head><title>t</title></head><body>', body: <main>{paragraphs.map((text, at) => <p key={at}>{text}</p>)}</main> },
          { status: 200, nonce: 'n', onError: (error) => { throw error; } },
        );
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const { port } = server.address() as AddressInfo;
      const { encoding, body } = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        request({ port, host: '127.0.0.1', headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
      // Warnings reach their listeners on a later tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(encoding).toBe('gzip');
      const html = gunzipSync(body).toString('utf8');
      expect(html.endsWith('</main></body></html>')).toBe(true);
      for (const text of [paragraphs[0]!, paragraphs.at(-1)!]) expect(html).toContain(`<p>${text}</p>`);
      expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });
});
