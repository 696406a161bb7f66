import { setTimeout as sleep } from 'node:timers/promises';
import type { Request } from 'express';
import type { SignInAttemptStore } from '../db/sign-in-attempt-store.js';
import { secretDigest } from '../lib/secret-token.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { clientAddress, TooManyKeyFailures } from './failed-key-limiter.js';

/** An account tried from many addresses waits at most this many steps per attempt: a few seconds, never a refusal. */
const MAX_DELAY_STEPS = 5;

export interface SignInLimitSettings {
  /** Attempts per client address in a window (429 past it), whatever the accounts. */
  addressMax: number;
  /** Attempts per account from one address in a window (429 past it); as many from anywhere are free of delay. */
  pairMax: number;
  windowMs: number;
  delayStepMs: number;
}

/** How long an attempt on an account waits, counting it: one step per attempt past `pairMax` in the window, at most MAX_DELAY_STEPS. */
export function accountDelayMs(attempts: number, settings: Pick<SignInLimitSettings, 'pairMax' | 'delayStepMs'>): number {
  return Math.min(MAX_DELAY_STEPS, Math.max(0, attempts - settings.pairMax)) * settings.delayStepMs;
}

/** An attempt taken before a password is checked: given back when the password was right. */
export interface SignInAttempt {
  succeeded(): Promise<void>;
}

/** Takes an attempt for `account` from the request's address, or refuses it (TooManyKeyFailures). */
export type SignInLimits = (req: Request, account: string) => Promise<SignInAttempt>;

const iso = (at: number) => new Date(at).toISOString();

/**
 * Sign-in attempts are counted before the password is checked, in the database every instance shares:
 * a burst of parallel requests is counted one by one, so no more passwords are checked than the limits
 * allow. The hard limits (429) are per client address and per account from one address; an account
 * tried from many addresses is only slowed down, so nobody locks its owner out by knowing the e-mail.
 * Names are stored as digests: the table holds neither e-mails nor addresses.
 */
export function signInLimits(store: SignInAttemptStore, settings: SignInLimitSettings): SignInLimits {
  return async (req, account) => {
    const address = clientAddress(req);
    const names = [`endereco ${address}`, `par ${account} ${address}`, `conta ${account}`].map(secretDigest);
    const now = Date.now();
    const [byAddress, byPair, byAccount] = await store.take(names, iso(now), iso(now + settings.windowMs));
    const over = [byAddress!.tentativas > settings.addressMax && byAddress!, byPair!.tentativas > settings.pairMax && byPair!].filter((window) => window !== false);
    if (over.length > 0) {
      const endsAt = Math.max(...over.map((window) => Date.parse(window.termina_em)));
      throw new TooManyKeyFailures(Math.max(1, Math.ceil((endsAt - now) / 1000)), PEOPLE_MESSAGES.tooManyFailures);
    }
    const delay = accountDelayMs(byAccount!.tentativas, settings);
    if (delay > 0) await sleep(delay);
    return { succeeded: () => store.giveBack(names, iso(Date.now())) };
  };
}
