import type { RequestHandler } from 'express';
import type { AppContext } from './app-context.js';
import { feedOwner } from '../workflow/calendar.js';
import { personFeed } from '../workflow/calendar-feed.js';
import { editArticlePath } from '../routes/paths.js';

/**
 * GET /editor/calendario/{token}.ics: a person's calendar feed for Google Calendar or Outlook, which
 * send no cookie: the token is the credential. Never cached by anyone; a revoked token is 404.
 */
export function calendarFeedHandler(ctx: Pick<AppContext, 'config' | 'repo' | 'statusPages'>): RequestHandler {
  return (req, res, next) => {
    void (async () => {
      const owner = await feedOwner(ctx.repo, String(req.params.token ?? ''));
      const person = owner === null ? null : await ctx.repo.people.get(owner);
      if (!person || !person.ativo) return ctx.statusPages.sendNotFound(res);
      const body = await personFeed(ctx.repo, ctx.config.site, person.id, new Date(), editArticlePath);
      res.set('Cache-Control', 'no-store').set('X-Robots-Tag', 'noindex, nofollow').type('text/calendar; charset=utf-8').send(body);
    })().catch(next);
  };
}
