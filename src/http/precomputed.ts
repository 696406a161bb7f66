import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { negotiateEncoding, type Encoding } from './accept-encoding.js';

export interface Variant {
  body: Buffer;
  /** One strong ETag per byte sequence, as HTTP requires of strong validators. */
  etag: string;
}

/**
 * A response made once and sent many times: by the fast path before Express, and by Express itself,
 * through the same sendPrecomputed, so both answer with the same status, headers and bytes.
 */
export interface Precomputed {
  contentType: string;
  cacheControl: string;
  variants: { identity: Variant } & Partial<Record<Exclude<Encoding, 'identity'>, Variant>>;
}

export function contentHash(body: Buffer): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, 27);
}

/** Variants of one content share the hash: `"h"`, `"h-br"`, `"h-gz"`. */
export function precompute(
  contentType: string,
  cacheControl: string,
  body: Buffer,
  compressed: { br?: Buffer; gzip?: Buffer } = {},
): Precomputed {
  const hash = contentHash(body);
  return {
    contentType,
    cacheControl,
    variants: {
      identity: { body, etag: `"${hash}"` },
      ...(compressed.br && { br: { body: compressed.br, etag: `"${hash}-br"` } }),
      ...(compressed.gzip && { gzip: { body: compressed.gzip, etag: `"${hash}-gz"` } }),
    },
  };
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2); any variant of the same content matches. */
export function isNotModified(header: string | undefined, entry: Pick<Precomputed, 'variants'>): boolean {
  if (!header) return false;
  const current = new Set(Object.values(entry.variants).map((variant) => variant.etag));
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || current.has(tag));
}

/** The bytes the client prefers, or 304 when it already has them; HEAD gets the headers only (Node drops the body). */
export function sendPrecomputed(req: IncomingMessage, res: ServerResponse, entry: Precomputed): void {
  const available = Object.keys(entry.variants) as Encoding[];
  const encoding = negotiateEncoding(req.headers['accept-encoding'], available);
  const variant = entry.variants[encoding] ?? entry.variants.identity;
  res.setHeader('Cache-Control', entry.cacheControl);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', variant.etag);
  if (isNotModified(req.headers['if-none-match'], entry)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', entry.contentType);
  res.setHeader('Content-Length', variant.body.length);
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.end(variant.body);
}
