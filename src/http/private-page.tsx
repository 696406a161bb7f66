import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { AppContext } from './app-context.js';
import { streamedPage } from '../entry-server.js';
import { streamPage } from '../ssr/stream-page.js';
import { isRendered, type PrivateLoaded, type PrivateRoute } from '../routes/page-route.js';
import { HTML } from './page-responses.js';
import type { SecurityHeaders } from './security-header-set.js';

/** Private pages: never cached by anyone, never indexed, never framed. */
export function setPrivatePageHeaders(res: Response): void {
  res.set('Cache-Control', 'no-store').set('X-Robots-Tag', 'noindex, nofollow');
}

/** The site's CSP with this response's nonce allowed to run: React's inline scripts that put streamed parts in place. */
function policyWithNonce(security: SecurityHeaders, nonce: string): string | undefined {
  const policy = security.find(([name]) => name.toLowerCase() === 'content-security-policy')?.[1];
  return typeof policy === 'string' ? policy.replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`) : undefined;
}

/** Answers what a private page's loader or action decided: a redirect, a refusal, or the page, streamed. */
export async function answerPrivate<D>(ctx: AppContext, route: PrivateRoute<D>, req: Request, res: Response, loaded: PrivateLoaded<D>): Promise<void> {
  if ('location' in loaded) {
    res.set('Cache-Control', 'no-store').redirect(loaded.status, loaded.location);
    return;
  }
  if ('text' in loaded) {
    res.status(loaded.status).set('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(loaded.text);
    return;
  }
  if (!isRendered(loaded)) return loaded.status === 410 ? ctx.statusPages.sendGone(res) : ctx.statusPages.sendNotFound(res);
  const { Component, meta, documentAssets } = route;
  if (!Component || !meta) throw new Error(`a página ${route.id} não tem componente`);
  const nonce = randomBytes(16).toString('base64');
  const page = streamedPage(ctx, meta(ctx.config.site, loaded.data), <Component data={loaded.data} />, {
    ...documentAssets?.(ctx.assets, loaded.data),
    chat: false,
  });
  setPrivatePageHeaders(res);
  res.setHeader('Content-Type', HTML);
  const policy = policyWithNonce(ctx.security, nonce);
  if (policy) res.setHeader('Content-Security-Policy', policy);
  try {
    await streamPage(res, page, {
      status: loaded.status,
      nonce,
      onError: (error) => ctx.logger.error({ err: error, url: req.originalUrl }, 'falha ao transmitir parte da página'),
    });
  } catch (error) {
    await ctx.statusPages.sendServerError(req, res, error, { storage: false });
  }
}
