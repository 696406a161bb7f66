/**
 * Renders a page of the route table into HTML. Public and prerendered pages are rendered whole, in one
 * synchronous pass (they never hydrate: decision 013); private pages are streamed as they render
 * (shell first, slow parts behind Suspense). The status was decided by the page's loader before this.
 */
import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import type { ReactElement, ReactNode } from 'react';
import { renderToPipeableStream, renderToStaticMarkup } from 'react-dom/server';
import { BodyContents, Document, DocumentHead } from './routes/layout/document.js';
import type { Config } from './config.js';
import type { DocumentAssets, PrerenderedRoute } from './routes/page-route.js';
import type { PageMeta } from './seo/page-meta.js';
import type { Assets } from './ssr/assets.js';
import { stripNulBytes } from './ssr/nul-filter.js';
import type { RenderMemo } from './ssr/render-memo.js';
import { SiteProvider } from './ssr/site-context.js';

/** What rendering any page needs: the configuration, the built assets and the app's memory of shared markup. */
export interface RenderContext {
  config: Pick<Config, 'site'>;
  assets: Assets;
  memo: RenderMemo;
}

export interface DocumentOptions extends Partial<DocumentAssets> {
  /** The floating chat button (not on the editor's pages). */
  chat?: boolean;
}

function siteValue(ctx: RenderContext, meta: PageMeta) {
  return { site: ctx.config.site, assets: ctx.assets, path: meta.path.split('?')[0]!, memo: ctx.memo };
}

/** The whole HTML document of a page: head tags from `meta`, `body` inside the site's header and footer. */
export function pageElement(ctx: RenderContext, meta: PageMeta, body: ReactNode, options: DocumentOptions = {}): ReactElement {
  return (
    <SiteProvider value={siteValue(ctx, meta)}>
      <Document meta={meta} {...options}>
        {body}
      </Document>
    </SiteProvider>
  );
}

/** A page to stream: the document's opening (doctype and the whole head), rendered at once, and the body's contents. */
export interface StreamedPage {
  opening: string;
  body: ReactElement;
}

export function streamedPage(ctx: RenderContext, meta: PageMeta, body: ReactNode, options: DocumentOptions = {}): StreamedPage {
  const value = siteValue(ctx, meta);
  const head = renderToStaticMarkup(
    <SiteProvider value={value}>
      <DocumentHead meta={meta} {...options} />
    </SiteProvider>,
  );
  return {
    opening: `<!DOCTYPE html><html lang="pt-BR">${head}<body>`,
    body: (
      <SiteProvider value={value}>
        <BodyContents meta={meta} {...options}>
          {body}
        </BodyContents>
      </SiteProvider>
    ),
  };
}

/**
 * A page that never hydrates and has no Suspense, in one synchronous pass: about 5x cheaper than the
 * streaming renderer for an article page (decision 013). A component that throws makes it throw, so
 * the caller answers with the error page.
 */
export function renderWhole(element: ReactElement): Buffer {
  return Buffer.from(`<!DOCTYPE html>${renderToStaticMarkup(element)}`);
}

/** A prerendered page's document (the build, a server started with another configuration, `npm run dev`). */
export function renderPrerendered(ctx: RenderContext, route: PrerenderedRoute): Buffer {
  const { Component } = route;
  return renderWhole(pageElement(ctx, route.meta(ctx.config.site), <Component />));
}

export interface StreamOptions {
  status: number;
  /** Lets React's inline scripts, which move streamed parts into place, run under the page's CSP. */
  nonce: string;
  /** A render error after the status was sent: logged; the part shows its own failure message. */
  onError(error: unknown): void;
}

/**
 * Streams a private page: the status, the headers and the shell (the head with the stylesheets, the
 * header, everything outside Suspense) go out as soon as the shell is ready, and each Suspense
 * boundary follows in its own chunk when its data arrives. React 18 writes those late parts after
 * everything it rendered, so it renders only the body's contents and the server closes </body></html>
 * after the last of them. React flushes the response after each batch (res.flush, which compression()
 * provides), so a compressed response streams too. A shell that fails to render rejects before any
 * byte is sent, so the caller can still answer with the error page.
 */
export function streamPage(res: ServerResponse, page: StreamedPage, options: StreamOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const sink = nulFreeSink(res);
    let started = false;
    let abandoned = false;
    const stream = renderToPipeableStream(page.body, {
      nonce: options.nonce,
      onShellReady() {
        started = true;
        res.statusCode = options.status;
        res.write(page.opening);
        stream.pipe(sink);
      },
      onShellError(error) {
        reject(error);
      },
      onAllReady() {
        resolve();
      },
      onError(error) {
        // A client that went away is no failure of the page.
        if (started && !abandoned) options.onError(error);
      },
    });
    res.on('close', () => {
      if (res.writableFinished) return;
      abandoned = true;
      stream.abort();
    });
  });
}

/**
 * The response as React's destination, with the 0x00 bytes React 18.3 leaves in multi-byte text
 * removed (ssr/nul-filter.ts), and React's flush() passed on to compression().
 */
function nulFreeSink(res: ServerResponse): Writable {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (res.write(stripNulBytes(chunk))) callback();
      else res.once('drain', () => callback());
    },
    final(callback) {
      res.end('</body></html>');
      callback();
    },
  });
  return Object.assign(sink, { flush: () => (res as ServerResponse & { flush?: () => void }).flush?.() });
}
