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

/**
 * If-None-Match uses the weak comparison (RFC 9110 13.1.2): any ETag of the same content matches, the
 * identity's `"h"` or a coding's `"h-…"`, whichever response (cached or freshly rendered) gave it.
 */
export function isNotModified(header: string | undefined, entry: Pick<Precomputed, 'variants'>): boolean {
  if (!header) return false;
  const identity = entry.variants.identity.etag;
  const codingPrefix = `${identity.slice(0, -1)}-`;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === identity || (tag.startsWith(codingPrefix) && tag.endsWith('"')));
}

export type HeaderList = [name: string, value: string | number][];

export interface Choice {
  variant: Variant;
  encoding: Encoding;
  notModified: boolean;
}

/** Which bytes this request gets, or 304 when it already has them. */
export function choose(req: IncomingMessage, entry: Precomputed): Choice {
  const encoding = negotiateEncoding(req.headers['accept-encoding'], Object.keys(entry.variants) as Encoding[]);
  const variant = entry.variants[encoding] ?? entry.variants.identity;
  return { variant, encoding, notModified: isNotModified(req.headers['if-none-match'], entry) };
}

/** The response's own headers, in the order both paths send them. */
export function responseHeaders(entry: Precomputed, { variant, encoding, notModified }: Choice): HeaderList {
  const headers: HeaderList = [
    ['Cache-Control', entry.cacheControl],
    ['Vary', 'Accept-Encoding'],
    ['ETag', variant.etag],
  ];
  if (notModified) return headers;
  headers.push(['Content-Type', entry.contentType], ['Content-Length', variant.body.length]);
  if (encoding !== 'identity') headers.push(['Content-Encoding', encoding]);
  return headers;
}

/** Express's way: the security headers are already set on `res`; HEAD gets the headers only (Node drops the body). */
export function sendPrecomputed(req: IncomingMessage, res: ServerResponse, entry: Precomputed): void {
  const choice = choose(req, entry);
  for (const [name, value] of responseHeaders(entry, choice)) res.setHeader(name, value);
  res.statusCode = choice.notModified ? 304 : 200;
  res.end(choice.notModified ? undefined : choice.variant.body);
}
