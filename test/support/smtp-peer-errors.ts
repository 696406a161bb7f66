import type { SMTPServer } from 'smtp-server';

/** Socket errors a sender's sudden death (kill -9, a test's forced stop) leaves on the receiving side. */
const SENDER_DIED = new Set(['ECONNRESET', 'EPIPE']);

/**
 * smtp-server re-emits each connection's socket error on the server, and an 'error' nobody listens to is
 * an uncaught exception: a sender killed mid-conversation would fail the whole test file. Those resets are
 * expected; anything else is kept, and the close this answers fails with it.
 */
export function closeOnSenderDeaths(server: SMTPServer): () => Promise<void> {
  let unexpected: Error | undefined;
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (!SENDER_DIED.has(error.code ?? '')) unexpected ??= error;
  });
  return () =>
    new Promise<void>((resolve, reject) =>
      server.close(() => {
        if (unexpected) reject(unexpected);
        else resolve();
      }),
    );
}
