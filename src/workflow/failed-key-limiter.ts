import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';

/**
 * Counts only answers that refused the key (403) per client address; once the window holds too
 * many, every write from that address gets 429 until the window passes. Editors who type their key
 * right are never slowed down.
 */
export function failedKeyLimiter(config: Pick<Config, 'editorKeyFailures'>, logger: Logger, refuse: RequestHandler): RequestHandler {
  return rateLimit({
    windowMs: config.editorKeyFailures.windowMs,
    limit: config.editorKeyFailures.max,
    skipSuccessfulRequests: true,
    // A 403 that judged no key (a cross-site request refused by the CSRF check) says nothing about guessing.
    requestWasSuccessful: (_req, res) => res.statusCode !== 403 || res.locals.keyNotJudged === true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, res, next) => {
      logger.warn({ ip: req.ip, url: req.originalUrl }, 'excesso de chaves de editor inválidas');
      // A page's form (the editor sign-in) answers with its own HTML page rather than the API envelope.
      const answerPage: unknown = res.locals.answerKeyLimit;
      if (typeof answerPage === 'function') {
        (answerPage as () => Promise<void>)().catch(next);
        return;
      }
      void refuse(req, res, next);
    },
  });
}
