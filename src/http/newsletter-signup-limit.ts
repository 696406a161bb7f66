import { rateLimit } from 'express-rate-limit';
import type { RequestHandler } from 'express';
import type { AppContext } from './app-context.js';
import { answerPrivate } from './private-page.js';
import { newsletterSignupPage } from '../routes/newsletter-signup.js';

const HOUR_MS = 3_600_000;

/**
 * Sign-up forms per client address (an IPv6 /56 as one) and hour, counted by this instance: past
 * NEWSLETTER_SIGNUPS_PER_HOUR, the sign-up page with 429 and the words that say when to try again.
 * Each address also gets at most a few e-mails a day (the subscriber store counts them in the database).
 */
export function newsletterSignupLimit(ctx: AppContext): RequestHandler {
  return rateLimit({
    windowMs: HOUR_MS,
    limit: ctx.config.newsletter.signupsPerHour,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, res, next) => {
      answerPrivate(ctx, newsletterSignupPage, req, res, { status: 429, data: { state: 'limited' as const } }).catch(next);
    },
  });
}
