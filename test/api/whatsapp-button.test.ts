import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEditorPath } from '../../src/routes.js';
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

  it('knows the editor pages by path', () => {
    expect(['/novo-artigo', '/editor', '/editor/entrar', '/editor/artigos/3'].every(isEditorPath)).toBe(true);
    expect(['/', '/noticias', '/editores', '/novo-artigo-x'].some(isEditorPath)).toBe(false);
  });
});
