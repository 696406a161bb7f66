import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HSTS_VALUE } from '../../../src/http/security-headers.js';

const conf = readFileSync('deploy/nginx-tls.conf', 'utf8');
const directives = conf
  .split('\n')
  .map((line) => line.replace(/#.*/, '').trim())
  .filter(Boolean);

describe('the TLS example for nginx (deploy/nginx-tls.conf)', () => {
  it('redirects http to https and serves HTTP/2 over TLS 1.2 and 1.3', () => {
    expect(directives).toContain('location / { return 301 https://$host$request_uri; }');
    expect(directives).toContain('listen 443 ssl;');
    expect(directives).toContain('http2 on;');
    expect(directives).toContain('ssl_protocols TLSv1.2 TLSv1.3;');
  });

  it('sends one HSTS header with the value the app itself sends', () => {
    expect(directives).toContain('proxy_hide_header Strict-Transport-Security;');
    expect(directives).toContain(`add_header Strict-Transport-Security "${HSTS_VALUE}" always;`);
  });

  it('passes the client address, the scheme and the host the app trusts, in every location that proxies', () => {
    for (const header of ['X-Forwarded-For $proxy_add_x_forwarded_for;', 'X-Forwarded-Proto $scheme;', 'Host $host;']) {
      expect(directives).toContain(`proxy_set_header ${header}`);
    }
    expect(directives.filter((line) => line.startsWith('proxy_pass'))).toEqual(['proxy_pass http://site;']);
  });
});
