import { describe, expect, it } from 'vitest';
import { listeningMessage, listeningUrl } from '../../../src/http/listening-address.js';

describe('the start log address', () => {
  it('names the port really listened on, as localhost when bound to every interface', () => {
    expect(listeningUrl({ address: '::', family: 'IPv6', port: 4300 })).toBe('http://localhost:4300');
    expect(listeningUrl({ address: '0.0.0.0', family: 'IPv4', port: 4300 })).toBe('http://localhost:4300');
    expect(listeningUrl({ address: '127.0.0.1', family: 'IPv4', port: 4300 })).toBe('http://127.0.0.1:4300');
    expect(listeningUrl({ address: '::1', family: 'IPv6', port: 4300 })).toBe('http://[::1]:4300');
  });

  it('adds SITE_URL only when it differs from where the server listens', () => {
    expect(listeningMessage({ address: '::', family: 'IPv6', port: 4300 }, 'http://localhost:3000')).toBe(
      'servidor ouvindo em http://localhost:4300 (SITE_URL: http://localhost:3000)',
    );
    expect(listeningMessage({ address: '::', family: 'IPv6', port: 3000 }, 'http://localhost:3000/')).toBe('servidor ouvindo em http://localhost:3000');
    expect(listeningMessage({ address: '::', family: 'IPv6', port: 8080 }, 'https://www.prontivo.com.br')).toBe(
      'servidor ouvindo em http://localhost:8080 (SITE_URL: https://www.prontivo.com.br)',
    );
  });
});
