import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Registry } from 'prom-client';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics for Prometheus, with `Authorization: Bearer <METRICS_TOKEN>`. Any other request goes on
 * to the 404 page, exactly as when no token is configured: nobody without the token learns that
 * metrics exist. Digests of equal length are compared in constant time, so the answer's timing tells
 * nothing about how much of a guess was right.
 */
export function metricsHandler(token: string, registry: Registry): RequestHandler {
  const expected = digest(`Bearer ${token}`);
  return (req, res, next) => {
    if (!timingSafeEqual(digest(req.headers.authorization ?? ''), expected)) return next();
    registry.metrics().then((text) => {
      res.setHeader('Cache-Control', 'no-store');
      res.type(registry.contentType).send(text);
    }, next);
  };
}
