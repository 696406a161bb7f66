import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { AppDeps } from '../app-deps.js';

/**
 * Helmet with a CSP that allows no inline script at all. Inline style attributes are allowed
 * (style-src-attr) because article HTML carries colour, alignment and indent as styles. Under
 * `npm run dev` only, Vite injects <style> elements and opens its hot-reload socket.
 */
export function configuredHelmet({ devServer }: Pick<AppDeps, 'devServer'>): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: devServer ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: devServer ? ["'self'", 'ws:'] : ["'self'"],
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
  });
}
