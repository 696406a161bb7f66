import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactElement } from 'react';
import { streamPage } from '../../src/entry-server.js';

/** What a browser receives when `element` is streamed as a private page: the text, and each chunk as it arrived. */
export async function streamedHtml(element: ReactElement): Promise<{ html: string; chunks: string[] }> {
  const server = createServer((_req, res) => {
    void streamPage(res, element, { status: 200, nonce: 'teste', onError: () => undefined });
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
