import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import type { AppContext } from './http/app-context.js';
import { createArticleImagesRouter } from './api/article-images.js';
import { createProfilePhotosRouter } from './api/profile-photos.js';
import { createApiRouter } from './api/router.js';
import { createDiscoveryRouter } from './http/discovery-router.js';
import { errorHandler } from './http/error-handler.js';
import { healthHandler } from './http/health.js';
import { metricsHandler } from './http/metrics-handler.js';
import { requestIdHeader } from './http/request-id.js';
import { pageMethodNotAllowed } from './lib/method-not-allowed.js';
import { newsletterSignupLimit } from './http/newsletter-signup-limit.js';
import { pageRouter } from './http/page-router.js';
import { oldPathRedirects, wordPressIdRedirects } from './http/legacy-redirects.js';
import { securityHeaders } from './http/security-headers.js';
import { staticFiles } from './http/static-files.js';
import { PATHS } from './routes/paths.js';

/** The whole site as an Express app. No listen() here: server.ts and the tests own that. */
export function createApp(ctx: AppContext): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.trustProxy);
  app.set('etag', 'strong');

  app.use(requestIdHeader);
  app.use(securityHeaders(ctx.security));
  // Precomputed responses carry their own encoding; compressing them again would differ from the fast path.
  app.use(compression({ filter: (req, res) => !res.locals.precomputed && compression.filter(req, res) }));
  app.use(cookieParser());
  app.get(PATHS.health, healthHandler(ctx));
  if (ctx.metrics && ctx.config.metricsToken) app.get(PATHS.metrics, metricsHandler(ctx.config.metricsToken, ctx.metrics.registry));
  app.use(ctx.config.apiBasePath, createApiRouter(ctx, ctx.workflow));
  app.use(createArticleImagesRouter(ctx, ctx.workflow.auth));
  app.use(createProfilePhotosRouter(ctx));
  app.use(wordPressIdRedirects(ctx));
  app.use(staticFiles(ctx));
  app.use(createDiscoveryRouter(ctx));
  app.post(PATHS.newsletterSignup, newsletterSignupLimit(ctx));
  app.use(pageRouter(ctx));
  app.use(pageMethodNotAllowed);
  app.use(oldPathRedirects(ctx));
  app.use((_req, res) => ctx.statusPages.sendNotFound(res));
  app.use(errorHandler(ctx));
  return app;
}
