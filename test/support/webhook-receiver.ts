import { timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { signWebhook } from '../../src/outbox/webhook-signature.js';
import { freePort } from './free-port.js';

/**
 * What a receiver does with X-Prontivo-Signature (docs/decisions/024-signed-webhooks.md): the signature
 * over "<t>.<raw body>" must match one of the header's v1 values, and t must be within `toleranceSeconds`
 * of the receiver's clock, so that a captured request cannot be replayed later.
 */
export function verifyWebhookSignature(header: string | undefined, body: string, secret: string, toleranceSeconds: number, now = Date.now()): boolean {
  const parts = (header ?? '').split(',').map((part) => part.split('=', 2) as [string, string?]);
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, t, body), 'hex');
  return parts.some(([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/.test(value ?? '') && timingSafeEqual(Buffer.from(value!, 'hex'), expected));
}

/** One request as the receiver got it, and what it answered. */
export interface WebhookRequest {
  delivery: string;
  signature: string;
  contentType: string;
  userAgent: string;
  body: string;
  /** When it arrived (ms since the epoch). */
  at: number;
  status: number;
}

/** A request whose signature held: what `answer` decides on. */
export interface WebhookAttempt {
  delivery: string;
  /** 1 for the first request with this delivery id, 2 for the next... */
  attempt: number;
  event: { id: string; evento: string; contato: { email: string } };
}

export interface WebhookReceiver {
  url: string;
  requests: WebhookRequest[];
  /** Delivery ids answered 2xx: a receiver that deduplicates keeps each event once. */
  accepted: Set<string>;
  /** Requests for a delivery id already accepted: answered 200 and kept no further, as a deduplicating receiver does. */
  repeats: number;
  close(): Promise<void>;
}

/**
 * A CRM as the site's webhook meets it, over real HTTP on loopback: 401 to a request whose signature
 * does not verify, 400 to a body whose id is not the delivery's, 200 to a delivery it already accepted
 * (counted in `repeats`), and otherwise the status `answer` decides.
 */
export async function startWebhookReceiver(secret: string, answer: (attempt: WebhookAttempt) => number): Promise<WebhookReceiver> {
  const requests: WebhookRequest[] = [];
  const accepted = new Set<string>();
  const attempts = new Map<string, number>();
  const receiver = { requests, accepted, repeats: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const delivery = String(req.headers['x-prontivo-delivery'] ?? '');
      const signature = String(req.headers['x-prontivo-signature'] ?? '');
      const status = (() => {
        if (!verifyWebhookSignature(signature, body, secret, 300)) return 401;
        const event = JSON.parse(body) as WebhookAttempt['event'];
        if (event.id !== delivery) return 400;
        if (accepted.has(delivery)) {
          receiver.repeats += 1;
          return 200;
        }
        const attempt = (attempts.get(delivery) ?? 0) + 1;
        attempts.set(delivery, attempt);
        const decided = answer({ delivery, attempt, event });
        if (decided >= 200 && decided < 300) accepted.add(delivery);
        return decided;
      })();
      requests.push({ delivery, signature, contentType: String(req.headers['content-type']), userAgent: String(req.headers['user-agent']), body, at: Date.now(), status });
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(status < 300 ? `recebido ${delivery}` : `recusado com ${status}`);
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/ganchos/prontivo`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
