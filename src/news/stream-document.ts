import { Writable } from 'node:stream';
import type { Response } from 'express';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { stripNulBytes } from '../ssr/nul-filter.js';

export interface StreamDocumentOptions {
  element: ReactElement;
  /** Crawlers get the complete document (onAllReady), people the shell as soon as it is ready. */
  crawler: boolean;
  headers: Record<string, string>;
  /** The whole document once it has been sent, to fill the cache. */
  onComplete?: (html: Buffer) => void;
  /** Rendering failed before anything was sent: the caller answers with an error page. */
  onFailure: (error: unknown) => void;
  /** Rendering failed after the status line had gone out: only logging is left. */
  onLateError: (error: unknown) => void;
}

type FlushableResponse = Response & { flush?: () => void };

/**
 * Forwards to the response without React 18's stray NUL bytes (see nul-filter.ts), keeping a copy for
 * the cache when asked; flush() lets React push through compression.
 */
function teeTo(res: FlushableResponse, onComplete?: (html: Buffer) => void): Writable {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const clean = stripNulBytes(chunk);
      if (onComplete) chunks.push(clean);
      if (res.write(clean)) callback();
      else res.once('drain', () => callback());
    },
    final(callback) {
      res.end();
      onComplete?.(Buffer.concat(chunks));
      callback();
    },
  });
  return Object.assign(sink, { flush: () => res.flush?.() });
}

export function streamDocument(res: FlushableResponse, options: StreamDocumentOptions): void {
  let started = false;
  let failed = false;
  let renderError: unknown;
  let lateError = false;

  const fail = (error: unknown) => {
    if (failed) return;
    failed = true;
    options.onFailure(error);
  };

  const start = () => {
    // Without client JavaScript a failed Suspense boundary can never recover: answer with the error page.
    if (renderError !== undefined) {
      fail(renderError);
      return;
    }
    if (failed || started) return;
    started = true;
    res.status(200);
    for (const [name, value] of Object.entries(options.headers)) res.setHeader(name, value);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    const { onComplete } = options;
    stream.pipe(
      teeTo(
        res,
        onComplete &&
          ((html) => {
            if (!lateError) onComplete(html);
          }),
      ),
    );
  };

  const stream = renderToPipeableStream(options.element, {
    onShellReady() {
      if (!options.crawler) start();
    },
    onAllReady() {
      if (options.crawler) start();
    },
    onShellError: fail,
    onError(error) {
      if (started) {
        lateError = true;
        options.onLateError(error);
      }
      else renderError ??= error;
    },
  });

  res.once('close', () => {
    if (!res.writableFinished) stream.abort();
  });
}
