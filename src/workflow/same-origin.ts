import type { Request } from 'express';

function originOf(url: string | undefined): string | undefined {
  if (!url || url === 'null') return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether a cookie-authenticated write came from this site: its Origin (or, from browsers that omit it,
 * its Referer) must be the public site or the host the request was sent to. No evidence is a refusal.
 */
export function isSameOrigin(req: Request, siteUrl: string): boolean {
  const from = originOf(req.get('origin')) ?? originOf(req.get('referer'));
  if (!from) return false;
  const host = req.get('host');
  const allowed = new Set([originOf(siteUrl), host ? `${req.protocol}://${host}` : undefined]);
  return allowed.has(from);
}
