import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { freshResponse } from '../../../src/http/fresh-response.js';
import { choose, isNotModified } from '../../../src/http/precomputed.js';

function requestWith(acceptEncoding?: string): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  if (acceptEncoding !== undefined) req.headers['accept-encoding'] = acceptEncoding;
  return req;
}

const page = Buffer.from(`<!DOCTYPE html><html lang="pt-BR"><body>${'<p>Prontuário eletrônico.</p>'.repeat(200)}</body></html>`);

describe('freshResponse', () => {
  it('compresses only in the coding the client prefers, and the bytes decode to the page', () => {
    const br = freshResponse(requestWith('gzip, br'), 'text/html', 'no-cache', page);
    expect(Object.keys(br.variants).sort()).toEqual(['br', 'identity']);
    expect(brotliDecompressSync(br.variants.br!.body).equals(page)).toBe(true);
    expect(br.variants.br!.body.length).toBeLessThan(page.length / 5);

    const gzip = freshResponse(requestWith('gzip'), 'text/html', 'no-cache', page);
    expect(Object.keys(gzip.variants).sort()).toEqual(['gzip', 'identity']);
    expect(gunzipSync(gzip.variants.gzip!.body).equals(page)).toBe(true);

    for (const header of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      expect(Object.keys(freshResponse(requestWith(header), 'text/html', 'no-cache', page).variants)).toEqual(['identity']);
    }
  });

  it('gives the quick bytes their own ETag, which still revalidates the same content wherever it was made', () => {
    const response = freshResponse(requestWith('br'), 'text/html', 'no-cache', page);
    const identity = response.variants.identity.etag;
    expect(identity).toMatch(/^"[\w-]{27}"$/);
    expect(response.variants.br!.etag).toBe(`${identity.slice(0, -1)}-br-rapido"`);
    expect(choose(requestWith('br'), response).variant).toBe(response.variants.br);
    // A cached copy of the same page (other bytes, `"h-br"`) and the quick one answer each other's ETags.
    const cached = { variants: { identity: { body: page, etag: identity }, br: { body: Buffer.from('x'), etag: `${identity.slice(0, -1)}-br"` } } };
    expect(isNotModified(response.variants.br!.etag, cached)).toBe(true);
    expect(isNotModified(cached.variants.br.etag, response)).toBe(true);
    const other = freshResponse(requestWith('br'), 'text/html', 'no-cache', Buffer.concat([page, Buffer.from(' ')]));
    expect(isNotModified(response.variants.br!.etag, other)).toBe(false);
  });
});
