import type { Request } from 'express';

/**
 * A form post counts only when the browser says it came from this site: Origin (every current
 * browser sends it on POST), or Referer when a privacy setting strips Origin. Neither means refused.
 */
export function isSameOriginPost(req: Request, siteUrl: string): boolean {
  const own = new Set([new URL(siteUrl).origin, `${req.protocol}://${req.get('host') ?? ''}`]);
  const origin = req.get('origin');
  if (origin && origin !== 'null') return own.has(origin);
  const referer = req.get('referer');
  if (!referer) return false;
  try {
    return own.has(new URL(referer).origin);
  } catch {
    return false;
  }
}
