import { randomBytes } from 'node:crypto';
import type { PersonalKeyStore } from '../db/personal-key-store.js';
import type { KeyResolver } from './editor-auth.js';
import { clientAddress, TooManyKeyFailures, type KeyJudge } from './failed-key-limiter.js';
import type { FailureWindows } from './failure-windows.js';
import { secretDigest } from '../lib/secret-token.js';

/**
 * Personal keys carry a prefix: a key without it is a configured editor key, judged in memory without a
 * query, and a leaked key is recognisable as ours by secret scanners.
 */
const PREFIX = 'prv_';

/** A new personal API key: shown once to its owner, stored only as secretDigest(key). */
export const newPersonalKey = () => `${PREFIX}${randomBytes(32).toString('base64url')}`;

/**
 * A person's key acts with that person's role, read at each request (a deactivation refuses the next
 * request on every instance); anything else is judged as a configured editor key. A refused personal
 * key counts against the address like a wrong editor key, and a locked address is refused either way.
 */
export function keyResolver(judgeKey: KeyJudge, personalKeys: PersonalKeyStore, byAddress: FailureWindows): KeyResolver {
  return async (req, key, via) => {
    const text = typeof key === 'string' ? key.trim() : '';
    if (text.startsWith(PREFIX)) {
      const lockedFor = byAddress.lockedFor(clientAddress(req));
      if (lockedFor > 0) throw new TooManyKeyFailures(lockedFor);
      const person = await personalKeys.use(secretDigest(text), new Date().toISOString());
      if (person) return { author: person.nome, via, role: person.papel, personId: person.id };
    }
    return { author: judgeKey(req, key).author, via, role: 'administrador', personId: null };
  };
}
