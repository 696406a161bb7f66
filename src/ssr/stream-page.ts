import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { stripNulBytes } from './nul-filter.js';
import type { ReactElement } from 'react';

/** A page to stream: the document's opening (doctype and the whole head), rendered at once, and the body's contents. */
export interface StreamedPage {
  opening: string;
  body: ReactElement;
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
  let waiting: (() => void) | undefined;
  // One listener for the whole response: compression() hands 'drain' listeners to its zlib stream, where
  // a once() listener, removing itself from the response, stays; a long page piled them up (11 warned).
  res.on('drain', () => {
    const resume = waiting;
    waiting = undefined;
    resume?.();
  });
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (res.write(stripNulBytes(chunk))) callback();
      else waiting = callback;
    },
    final(callback) {
      res.end('</body></html>');
      callback();
    },
  });
  return Object.assign(sink, { flush: () => (res as ServerResponse & { flush?: () => void }).flush?.() });
}
