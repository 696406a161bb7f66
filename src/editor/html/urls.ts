/** Which addresses the editor accepts for links and images (the server's sanitiser agrees). */

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

export function isAllowedLinkUrl(value: string): boolean {
  const url = parse(value.trim());
  if (!url || !LINK_PROTOCOLS.has(url.protocol)) return false;
  if (url.protocol === 'mailto:') return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(decodeURIComponent(url.pathname));
  if (url.protocol === 'tel:') return /^\+?[\d\s().-]{3,}$/.test(decodeURIComponent(url.pathname));
  return url.hostname.includes('.') || url.hostname === 'localhost';
}

/** Absolute http(s) addresses, or this site's uploaded images such as /assets/artigos/7/foto.png. */
export function isAllowedImageUrl(value: string): boolean {
  const trimmed = value.trim();
  if (/^\/assets\/\S+$/.test(trimmed)) return true;
  const url = parse(trimmed);
  return Boolean(url && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname);
}

/** A bare "www.site.com" or "site.com/x" typed by hand means https. */
export function normalizeLinkUrl(value: string): string {
  const trimmed = value.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed;
  if (/^[^\s@/]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) return `mailto:${trimmed}`;
  if (/^[\w-]+(\.[\w-]+)+(\/\S*)?$/.test(trimmed)) return `https://${trimmed}`;
  return trimmed;
}

function parse(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
