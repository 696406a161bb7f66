import { hash, randomBytes } from 'node:crypto';
import { truncateAddress } from '../lib/truncated-address.js';

/** A new day's salt: 256 random bits, never derived from anything. */
export const newSalt = (): string => randomBytes(32).toString('base64url');

/**
 * A visitor of one day, as Plausible and Ghost count them: the day's salt, the site, the address
 * truncated as the access log keeps it (IPv4 /24, IPv6 /48) and the user agent, hashed. Without the
 * salt, which is deleted once its day is over, the hash cannot be traced back nor linked to another day.
 */
export function visitorHash(salt: string, site: string, address: string, userAgent: string): string {
  return hash('sha256', `${salt}\0${site}\0${truncateAddress(address) ?? ''}\0${userAgent}`, 'base64url').slice(0, 22);
}

/** Where an instance's salts come from: the database, which keeps one per day for every instance. */
export type SaltSource = (day: string, candidate: string) => Promise<string>;

/**
 * The salts this instance holds: the current day's and, near midnight, the next one's, nothing older.
 * A day whose salt the database has not given yet (it was down) gets one made here, replaced by the
 * shared one at the next flush: until then this instance's visitors may be counted twice, never linked.
 */
export class DailySalts {
  private readonly salts = new Map<string, string>();

  /** The salt of `day`; the salts of earlier days are forgotten. */
  saltOf(day: string): string {
    let salt = this.salts.get(day);
    if (salt === undefined) {
      for (const held of this.salts.keys()) if (held < day) this.salts.delete(held);
      salt = newSalt();
      this.salts.set(day, salt);
    }
    return salt;
  }

  /** Takes each day's shared salt from the database (storing ours when no instance did first). */
  async share(days: string[], source: SaltSource): Promise<void> {
    for (const day of days) this.salts.set(day, await source(day, this.saltOf(day)));
  }

  /** The days whose salt is held, for tests and for the privacy promise. */
  get days(): string[] {
    return [...this.salts.keys()];
  }
}
