import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Config } from '../config.js';

const ONE_YEAR = 31_536_000;

/**
 * Helmet with a CSP that allows no inline script at all. Inline style attributes are allowed
 * (style-src-attr) because article HTML carries colour, alignment and indent as styles.
 */
export function securityHeaders(_config: Config): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          styleSrcAttr: ["'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          manifestSrc: ["'self'"],
        },
      },
      strictTransportSecurity: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    }),
    // HSTS only means something over HTTPS (directly or behind a trusted proxy).
    (req, res, next) => {
      if (req.secure) res.setHeader('Strict-Transport-Security', `max-age=${ONE_YEAR}; includeSubDomains`);
      next();
    },
  ];
}
