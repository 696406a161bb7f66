import { createHash, timingSafeEqual } from 'node:crypto';
import type { EditorKey } from '../config.js';
import { ApiError } from '../lib/api-error.js';
import { MESSAGES } from '../lib/messages.js';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Resolves an editor key to its author. Digests have a fixed length, so timingSafeEqual applies to
 * keys of any length, and every configured key is compared so timing does not reveal which matched.
 */
export function createKeyChecker(keys: EditorKey[]): (provided: unknown) => EditorKey {
  const known = keys.map((key) => ({ key, digest: digest(key.secret) }));
  return (provided) => {
    if (typeof provided !== 'string' || provided.trim() === '') throw new ApiError(403, MESSAGES.keyMissing);
    const candidate = digest(provided.trim());
    let match: EditorKey | undefined;
    for (const entry of known) {
      if (timingSafeEqual(entry.digest, candidate) && !match) match = entry.key;
    }
    if (!match) throw new ApiError(403, MESSAGES.keyInvalid);
    return match;
  };
}
