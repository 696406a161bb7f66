import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A token that carries `payload` in the clear with an HMAC-SHA256 over it and its purpose: whoever
 * holds the secret knows the payload is ours and unchanged, and a token made for one purpose (a form's
 * time token, an unsubscribe link) is refused for any other. URL-safe.
 */
export function signToken(secret: string, purpose: string, payload: string): string {
  return `${Buffer.from(payload).toString('base64url')}.${mac(secret, purpose, payload).toString('base64url')}`;
}

/** The payload of a token signed for `purpose` with `secret`; undefined for anything else. */
export function verifyToken(secret: string, purpose: string, token: string): string | undefined {
  const [encoded, signature, ...rest] = token.split('.');
  if (encoded === undefined || signature === undefined || rest.length > 0) return undefined;
  const payload = Buffer.from(encoded, 'base64url').toString();
  if (Buffer.from(payload).toString('base64url') !== encoded) return undefined;
  const expected = mac(secret, purpose, payload);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? payload : undefined;
}

function mac(secret: string, purpose: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`${purpose}\n${payload}`).digest();
}
