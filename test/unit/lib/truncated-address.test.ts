import { describe, expect, it } from 'vitest';
import { truncateAddress } from '../../../src/lib/truncated-address.js';

describe('client addresses truncated for the logs', () => {
  it.each([
    ['203.0.113.195', '203.0.113.0'],
    ['10.0.0.1', '10.0.0.0'],
    ['127.0.0.1', '127.0.0.0'],
  ])('IPv4 %s loses its last octet: %s', (address, truncated) => {
    expect(truncateAddress(address)).toBe(truncated);
  });

  it.each([
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3::'],
    ['2001:0DB8:0000:0001:ffff:ffff:ffff:ffff', '2001:db8::'],
    ['2001:db8::1', '2001:db8::'],
    ['2804:14c:65:8000::abcd', '2804:14c:65::'],
    ['::1', '::'],
    ['fe80::1%eth0', 'fe80::'],
  ])('IPv6 %s loses its last 80 bits: %s', (address, truncated) => {
    expect(truncateAddress(address)).toBe(truncated);
  });

  it.each([
    ['::ffff:203.0.113.195', '203.0.113.0'],
    ['::FFFF:198.51.100.7', '198.51.100.0'],
    ['::ffff:cb00:71c3', '203.0.113.0'],
    ['0:0:0:0:0:ffff:127.0.0.1', '127.0.0.0'],
  ])('an IPv4-mapped IPv6 address %s is an IPv4 client: %s', (address, truncated) => {
    expect(truncateAddress(address)).toBe(truncated);
  });

  it('keeps nothing of what is not an address', () => {
    for (const junk of ['', 'desconhecido', '256.1.1.1', '1.2.3', '2001:db8::g', 'http://1.2.3.4']) {
      expect(truncateAddress(junk), junk).toBeUndefined();
    }
  });
});
