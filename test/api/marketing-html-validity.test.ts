import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { validateHtml } from '../support/vnu.js';

const PATHS = ['/', '/prontivo', '/preco-prontuario-eletronico', '/privacidade', '/politica-editorial', '/nao-encontrado', '/endereco-que-nao-existe'];

describe('marketing pages in the W3C HTML checker (vnu)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('have no errors', { timeout: 60_000 }, async () => {
    const documents: Record<string, string> = {};
    for (const path of PATHS) documents[path] = (await request(t.app).get(path)).text;
    const errors = await validateHtml(documents);
    expect(Object.keys(errors)).toEqual(PATHS);
    for (const path of PATHS) {
      expect(errors[path]?.map((error) => `${error.message} «${error.extract ?? ''}»`), path).toEqual([]);
    }
  });
});
