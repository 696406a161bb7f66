import type { RequestHandler } from 'express';
import type { SecurityHeaders } from './security-header-set.js';

const ONE_YEAR = 31_536_000;
export const HSTS_VALUE = `max-age=${ONE_YEAR}; includeSubDomains`;

/**
 * Helmet's headers depend on nothing in the request, so they are captured once (securityHeaderSet) and
 * set from that list: the same headers as running helmet, without its dozen middleware calls on every
 * request. HSTS only means something over HTTPS (directly or behind a trusted proxy).
 */
export function securityHeaders(headers: SecurityHeaders): RequestHandler {
  return (req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS_VALUE);
    next();
  };
}
