import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactElement } from 'react';
import { streamPage } from '../../src/ssr/stream-page.js';

/**
 * What a browser receives when `body` is streamed as a private page's body after `opening` (the
 * doctype and head the server sends first): the text, and each chunk as it arrived.
 */
export async function streamedHtml(body: ReactElement, opening = '<!DOCTYPE html><html lang="pt-BR"><body>'): Promise<{ html: string; chunks: string[] }> {
  const server = createServer((_req, res) => {
    void streamPage(res, { opening, body }, { status: 200, nonce: 'teste', onError: () => undefined });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const chunks = await new Promise<Buffer[]>((resolve, reject) => {
      get(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, (res) => {
        const received: Buffer[] = [];
        res.on('data', (chunk: Buffer) => received.push(chunk));
        res.on('end', () => resolve(received));
        res.on('error', reject);
      }).on('error', reject);
    });
    return { html: Buffer.concat(chunks).toString('utf8'), chunks: chunks.map((chunk) => chunk.toString('utf8')) };
  } finally {
    server.close();
  }
}
