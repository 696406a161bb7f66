import { Router } from 'express';
import type { AppDeps } from '../app-deps.js';
import type { DecodeQueue } from '../images/decode-queue.js';
import { MESSAGES } from '../lib/messages.js';
import type { EditorWorkflow } from '../workflow/index.js';
import type { PublicForms } from '../workflow/public-forms.js';
import type { NewsletterLinks } from '../workflow/newsletter-links.js';
import { passkeyCeremonies, relyingParty } from '../workflow/passkey-ceremonies.js';
import { createApiErrorHandler } from './api-error-handler.js';
import { mountEndpoints } from './endpoint.js';
import { ENDPOINTS } from './endpoints.js';
import { sendFailure } from './envelope.js';

/** The articles API of spec section 7, mounted at config.apiBasePath: the table of endpoints.ts, one line per endpoint. */
export function createApiRouter(deps: Pick<AppDeps, 'config' | 'repo' | 'logger'> & { forms: PublicForms; newsletterLinks: NewsletterLinks; decodes: DecodeQueue }, workflow: EditorWorkflow): Router {
  const { config, repo, logger, forms, newsletterLinks, decodes } = deps;
  const router = Router();
  const ceremonies = passkeyCeremonies(repo.passkeys, relyingParty(config.site));
  mountEndpoints(router, ENDPOINTS, { auth: workflow.auth, people: repo.people }, { config, repo, logger, workflow, ceremonies, forms, newsletterLinks, decodes });
  router.use((req, res) => sendFailure(res, 404, req.path.slice(1), [MESSAGES.endpointNotFound]));
  router.use(createApiErrorHandler(repo, logger));
  return router;
}
