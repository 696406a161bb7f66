import type { AddressInfo } from 'node:net';

/** Addresses that mean "every interface": a browser on this machine reaches them as localhost. */
const ANY_ADDRESS = new Set(['::', '0.0.0.0', '::ffff:0.0.0.0']);

/** The URL this machine can open for the address the server is really bound to (PORT, not SITE_URL). */
export function listeningUrl(address: AddressInfo): string {
  if (ANY_ADDRESS.has(address.address)) return `http://localhost:${address.port}`;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * The start log's line. SITE_URL is what pages link to (canonical URLs, sitemap); behind a proxy or
 * with PORT set alone it is not where this process listens, so it is named separately then.
 */
export function listeningMessage(address: AddressInfo, siteUrl: string): string {
  const url = listeningUrl(address);
  const site = siteUrl.replace(/\/$/, '');
  return site === url ? `servidor ouvindo em ${url}` : `servidor ouvindo em ${url} (SITE_URL: ${site})`;
}
