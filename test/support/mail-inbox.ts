import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port.js';
import { smtpHoldGate, type SmtpHold } from './smtp-hold.js';
import { closeOnSenderDeaths } from './smtp-peer-errors.js';

/** A message as the local SMTP server received it, decoded enough to read. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header, and the outbox's delivery id (X-Prontivo-Delivery): what a receiver deduplicates on. */
  messageId: string;
  delivery: string;
  /** The message's own headers, names in lower case (List-Unsubscribe, say). */
  headers: Map<string, string>;
}

export interface MailInbox extends SmtpHold {
  /** SMTP_URL for the app under test. */
  url: string;
  received: ReceivedMail[];
  /** The first message for `to` received after `since` messages (wait for it), or fail after `timeoutMs`. */
  next(to: string, since?: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** RFC 2047 encoded words, as nodemailer writes a subject with accents. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_match, encoding: string, data: string) =>
    encoding.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replaceAll('_', ' ')),
  );
}

function decodeQuotedPrintable(value: string): string {
  const soft = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let at = 0; at < soft.length; at += 1) {
    const hex = soft[at] === '=' ? soft.slice(at + 1, at + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      at += 2;
    } else {
      bytes.push(...Buffer.from(soft[at]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function split(part: string): { headers: Map<string, string>; body: string } {
  const at = part.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of part.slice(0, at).replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: part.slice(at + 4) };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** The text/plain and text/html parts of a single-part or multipart/alternative message. */
function parse(raw: string): Pick<ReceivedMail, 'subject' | 'text' | 'html' | 'messageId' | 'delivery' | 'headers'> {
  const { headers, body } = split(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1).map((part) => split(part.replace(/^\r\n/, ''))) : [{ headers, body }];
  const ofType = (type: string) => {
    const part = parts.find((candidate) => candidate.headers.get('content-type')?.startsWith(type));
    return part ? decodeBody(part.headers, part.body) : '';
  };
  return {
    subject: decodeWords(headers.get('subject') ?? ''),
    text: ofType('text/plain'),
    html: ofType('text/html'),
    messageId: headers.get('message-id') ?? '',
    delivery: headers.get('x-prontivo-delivery') ?? '',
    headers,
  };
}

/** A real SMTP server on a free loopback port, keeping every message it receives in memory. */
export async function startMailInbox(): Promise<MailInbox> {
  const received: ReceivedMail[] = [];
  const gate = smtpHoldGate();
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: the app's nodemailer would otherwise upgrade to TLS with the server's self-signed certificate.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (gate.parks()) return;
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          ...parse(Buffer.concat(chunks).toString('utf8')),
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
    async next(to, since = 0, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.slice(since).find((mail) => mail.to.includes(to));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`nenhum e-mail para ${to} em ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    hold: () => gate.hold(),
    get held() {
      return gate.held;
    },
    discardHeld: () => gate.discardHeld(),
    close,
  };
}
