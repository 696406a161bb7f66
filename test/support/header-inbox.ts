import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port.js';
import { smtpHoldGate, type SmtpHold } from './smtp-hold.js';
import { closeOnSenderDeaths } from './smtp-peer-errors.js';

/** What a receiver that deduplicates needs of a message: who it is for, and the ids it is known by. */
export interface ReceivedHeaders {
  to: string[];
  /** X-Prontivo-Delivery: the outbox's delivery id, the same on every resend. */
  delivery: string;
  messageId: string;
  /** RFC 8058's one-click header was there. */
  oneClick: boolean;
}

export interface HeaderInbox extends SmtpHold {
  url: string;
  received: ReceivedHeaders[];
  close(): Promise<void>;
}

/**
 * A real SMTP server that accepts at once and keeps only each message's headers: tens of thousands of
 * whole bodies (mail-inbox.ts keeps them decoded) would make the test's own memory the thing measured.
 */
export async function startHeaderInbox(): Promise<HeaderInbox> {
  const received: ReceivedHeaders[] = [];
  const gate = smtpHoldGate();
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: the app's nodemailer would otherwise upgrade to TLS with the server's self-signed certificate.
    disabledCommands: ['STARTTLS'],
    logger: false,
    maxClients: 1_000,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (!head.includes('\r\n\r\n')) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        if (gate.parks()) return;
        const headers = new Map<string, string>();
        for (const line of head.slice(0, head.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
          const colon = line.indexOf(':');
          headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
        }
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          delivery: headers.get('x-prontivo-delivery') ?? '',
          messageId: headers.get('message-id') ?? '',
          oneClick: headers.get('list-unsubscribe-post') === 'List-Unsubscribe=One-Click',
        });
        callback();
      });
    },
  });
  const close = closeOnSenderDeaths(server);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    hold: () => gate.hold(),
    get held() {
      return gate.held;
    },
    discardHeld: () => gate.discardHeld(),
    close,
  };
}
