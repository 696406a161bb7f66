import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createTestApp, type TestApp } from '../support/app.js';

const SITE_URL = 'https://www.prontivo.test';

describe('SITE_URL diferente do endereço aberto no navegador', () => {
  let t: TestApp;
  const lines: { level: number; msg: string; siteUrl?: string; aberto?: string }[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
        done();
      },
    });
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL }, logger: pino({ level: 'warn' }, sink) });
  });
  afterAll(() => t.close());

  it('faz as chaves de acesso dizerem que SITE_URL não confere, e avisa no log uma vez', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const refused = await request(t.app).post('/api/sessao/passkey/opcoes').set('Origin', 'http://localhost:4401').send({}).expect(400);
      expect(refused.body.messages).toEqual([expect.stringMatching(/^O endereço do site configurado \(SITE_URL\) não confere com o endereço aberto/)]);
    }
    const signIn = await request(t.app).post('/api/sessao/passkey').set('Origin', 'http://localhost:4401').send({ resposta: { id: 'eA', rawId: 'eA', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' } } }).expect(400);
    expect(signIn.body.messages[0]).toMatch(/SITE_URL/);
    const warnings = lines.filter((line) => line.msg.includes('SITE_URL não confere'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, siteUrl: SITE_URL, aberto: 'http://localhost:4401' });
  });

  it('segue normalmente no endereço configurado, pela Origin ou, sem ela, pelo Host', async () => {
    const options = await request(t.app).post('/api/sessao/passkey/opcoes').set('Origin', SITE_URL).send({}).expect(200);
    expect(options.body.value.rpId).toBe('www.prontivo.test');
    await request(t.app).post('/api/sessao/passkey/opcoes').set('Host', 'www.prontivo.test').set('X-Forwarded-Proto', 'https').send({}).expect(200);
    await request(t.app).post('/api/sessao/passkey/opcoes').set('Host', 'www.prontivo.test:80').send({}).expect(400);
  });
});
