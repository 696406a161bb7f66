import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';

describe('floating WhatsApp button', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(['/', '/preco-prontuario-eletronico', '/noticias', '/nao-encontrado'])('is on the public page %s', async (path) => {
    const { text } = await request(t.app).get(path);
    expect(text).toContain('class="whatsapp-float"');
  });

  it('is not on the editor page, where it would cover the fields on a phone', async () => {
    const { text } = await request(t.app).get('/novo-artigo').expect(200);
    expect(text).toContain('<form');
    expect(text).not.toContain('whatsapp-float');
  });

  it('is on no private page of the route table (the editor and its area)', async () => {
    for (const path of ['/editor/entrar', '/editor/qualquer-coisa']) {
      const { text } = await request(t.app).get(path);
      expect(text, path).not.toContain('whatsapp-float');
    }
  });

  it('is on a page whose address merely starts like the editor’s', async () => {
    const { text } = await request(t.app).get('/editores').expect(404);
    expect(text).toContain('class="whatsapp-float"');
  });
});
