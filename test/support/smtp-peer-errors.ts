import type { SMTPServer } from 'smtp-server';

/** Socket errors a sender's sudden death (kill -9, a test's forced stop) leaves on the receiving side. */
const SENDER_DIED = new Set(['ECONNRESET', 'EPIPE']);

/**
 * smtp-server re-emits each connection's socket error on the server, and an 'error' nobody listens to is
 * an uncaught exception: a sender killed mid-conversation would fail the whole test file. Those resets are
 * expected; anything else is kept, for `close()` to report.
 */
export function watchSmtpErrors(server: SMTPServer): { unexpected(): Error | undefined } {
  let unexpected: Error | undefined;
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (!SENDER_DIED.has(error.code ?? '')) unexpected ??= error;
  });
  return { unexpected: () => unexpected };
}

/** Closes the server, then fails with the first error that was not a sender dying. */
export function closeSmtpServer(server: SMTPServer, errors: { unexpected(): Error | undefined }): Promise<void> {
  return new Promise<void>((resolve, reject) =>
    server.close(() => {
      const error = errors.unexpected();
      if (error) reject(error);
      else resolve();
    }),
  );
}
