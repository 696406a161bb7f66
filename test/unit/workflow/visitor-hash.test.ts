import { describe, expect, it } from 'vitest';
import { DailySalts, newSalt, visitorHash } from '../../../src/workflow/visitor-hash.js';

const SITE = 'https://www.prontivo.test';
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0';

describe('visitor hash', () => {
  it('is one visitor for one network (/24, /48) and browser in a day, another the next day', () => {
    const monday = newSalt();
    const tuesday = newSalt();
    expect(visitorHash(monday, SITE, '203.0.113.7', AGENT)).toBe(visitorHash(monday, SITE, '203.0.113.200', AGENT));
    expect(visitorHash(monday, SITE, '2001:db8:1:aa::1', AGENT)).toBe(visitorHash(monday, SITE, '2001:db8:1:bb::2', AGENT));
    expect(visitorHash(monday, SITE, '203.0.113.7', AGENT)).not.toBe(visitorHash(monday, SITE, '203.0.114.7', AGENT));
    expect(visitorHash(monday, SITE, '203.0.113.7', AGENT)).not.toBe(visitorHash(tuesday, SITE, '203.0.113.7', AGENT));
  });

  it('cannot be traced back without the salt: no address or agent in it, and guessing them with another salt finds nothing', () => {
    const salt = newSalt();
    const hash = visitorHash(salt, SITE, '203.0.113.7', AGENT);
    expect(hash).not.toContain('203');
    expect(hash).toMatch(/^[\w-]{22}$/);
    // Whoever holds the database after the day has the hash but not the salt: every guess with another salt misses.
    for (let guess = 0; guess < 256; guess += 1) expect(visitorHash(newSalt(), SITE, `203.0.113.${guess}`, AGENT)).not.toBe(hash);
  });
});

describe('daily salts', () => {
  it('forgets a day\'s salt once a later day asks for its own', () => {
    const salts = new DailySalts();
    const monday = salts.saltOf('2026-11-23');
    expect(salts.saltOf('2026-11-23')).toBe(monday);
    const tuesday = salts.saltOf('2026-11-24');
    expect(tuesday).not.toBe(monday);
    expect(salts.days).toEqual(['2026-11-24']);
  });

  it('takes the salt the database shares, so that every instance hashes alike', async () => {
    const one = new DailySalts();
    const two = new DailySalts();
    const stored = new Map<string, string>();
    const source = async (day: string, candidate: string) => {
      if (!stored.has(day)) stored.set(day, candidate);
      return stored.get(day)!;
    };
    await one.share(['2026-11-23'], source);
    await two.share(['2026-11-23'], source);
    expect(one.saltOf('2026-11-23')).toBe(two.saltOf('2026-11-23'));
  });
});
