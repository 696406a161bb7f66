import { z } from 'zod';
import type { SiteConfig, WebhookConfig } from '../config.js';
import { DELIVERY_HEADER, type Sender } from './email-sender.js';
import { PermanentFailure } from './retry-policy.js';
import { SIGNATURE_HEADER, signatureHeader } from './webhook-signature.js';

/** Far below the claim's lease (worker.ts): a receiver that hangs is given up on long before another instance could claim the delivery again. */
const TIMEOUT_MS = 10_000;
/** What the delivery log keeps of the receiver's answer; a UTF-8 character takes at most 4 bytes. */
const ANSWER_CHARS = 200;
const ANSWER_BYTES = ANSWER_CHARS * 4;

/** A webhook delivery's payload: the event without its id, which is the delivery's (src/api/webhook-schemas.ts). */
const eventPayload = z.looseObject({ evento: z.string().min(1) }).refine((payload) => !('id' in payload));

/** The start of the answer's body, read no further: a receiver's error page can be any size. */
async function answerStart(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < ANSWER_BYTES) {
      const read = await reader.read();
      if (read.done) break;
      chunks.push(read.value);
      size += read.value.length;
    }
  } catch {
    // The status already said whether the receiver took the event; a body cut short only shortens the log.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8').replace(/\s+/g, ' ').trim().slice(0, ANSWER_CHARS);
}

/** Why no status came back, as the delivery log shows it. */
function noAnswer(error: unknown, timeoutMs: number): string {
  if ((error as { name?: unknown } | null)?.name === 'TimeoutError') return `sem resposta em ${timeoutMs / 1000} s`;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return `sem resposta: ${typeof cause === 'string' ? cause : error instanceof Error ? error.message : String(error)}`;
}

/**
 * POSTs each event to LEADS_WEBHOOK_URL, signed (webhook-signature.ts). The body is the stored payload
 * with the delivery's id first, the same bytes on every attempt; the signature's time is the attempt's.
 * A 2xx answer is delivered; any other answer, a redirect included (a POST redirected would arrive as a
 * GET, unsigned), no answer and a timeout are retried.
 */
export function webhookSender(config: WebhookConfig, site: Pick<SiteConfig, 'productSlug' | 'siteUrl'>, timeoutMs = TIMEOUT_MS): Sender {
  const userAgent = `${site.productSlug}-webhooks/1.0 (+${site.siteUrl})`;
  return async (delivery) => {
    const event = eventPayload.safeParse(delivery.payload);
    if (!event.success) throw new PermanentFailure('carga de webhook inválida');
    const body = JSON.stringify({ id: delivery.id, ...event.data });
    const t = Math.floor(Date.now() / 1000);
    let response: Response;
    try {
      response = await fetch(config.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': userAgent,
          [DELIVERY_HEADER]: delivery.id,
          [SIGNATURE_HEADER]: signatureHeader(config.secret, t, body),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new Error(noAnswer(error, timeoutMs), { cause: error });
    }
    const answer = `HTTP ${response.status} ${await answerStart(response)}`.trim();
    if (response.status < 200 || response.status > 299) throw new Error(answer);
    return answer;
  };
}
