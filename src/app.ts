import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type Express, type Response } from 'express';
import type { AppDeps } from './app-deps.js';
import { createApiRouter } from './api/router.js';
import { createArticleImagesRouter } from './api/article-images.js';
import { createDiscoveryRouter } from './discovery/router.js';
import { createEditorPageRouter } from './editor/page-router.js';
import { errorHandler } from './http/error-handler.js';
import { healthHandler } from './http/health.js';
import { methodNotAllowed } from './http/method-not-allowed.js';
import { notFoundHandler } from './http/not-found.js';
import { securityHeaders } from './http/security-headers.js';
import { staticFiles } from './http/static-files.js';
import { createMarketingRouter } from './marketing/router.js';
import { createNewsRouter } from './news/router.js';
import { PATHS } from './routes.js';
import { editorSessionMiddleware } from './workflow/index.js';
import { createPreviewRouter } from './workflow/preview-router.js';

/** The whole site as an Express app. No listen() here: server.ts and the tests own that. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);
  app.set('etag', 'strong');

  app.use(securityHeaders(deps));
  // Precomputed responses carry their own encoding; compressing them again would differ from the fast path.
  app.use(compression({ filter: (req, res) => !(res as Response).locals.precomputed && compression.filter(req, res) }));
  app.use(cookieParser(), editorSessionMiddleware(deps));
  app.get(PATHS.health, healthHandler(deps));
  app.use(deps.config.apiBasePath, createApiRouter(deps));
  app.use(createArticleImagesRouter(deps));
  app.use(staticFiles(deps));
  app.use(createDiscoveryRouter(deps));
  app.use(createNewsRouter(deps));
  app.use(createPreviewRouter(deps));
  app.use(createEditorPageRouter(deps));
  app.use(createMarketingRouter(deps));
  app.use(methodNotAllowed);
  app.use(notFoundHandler(deps));
  app.use(errorHandler(deps));
  return app;
}
