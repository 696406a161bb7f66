import { createHmac } from 'node:crypto';

/** The header that carries the signature: `t=<unix seconds>,v1=<hex>`. */
export const SIGNATURE_HEADER = 'X-Prontivo-Signature';

/**
 * Stripe's scheme: the hex HMAC-SHA256, with the shared secret, of the attempt's time in unix seconds, a
 * dot and the raw body. The time is signed with the body so that a receiver that refuses old times
 * refuses a captured request replayed later; the body is signed as bytes, so that no JSON parser and no
 * key order can make the receiver's computation differ from the sender's.
 */
export function signWebhook(secret: string, t: number, body: string): string {
  return createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
}

/** The value of X-Prontivo-Signature for `body` sent at `t`. */
export function signatureHeader(secret: string, t: number, body: string): string {
  return `t=${t},v1=${signWebhook(secret, t, body)}`;
}
