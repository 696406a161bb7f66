import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { validateHtml } from '../support/vnu.js';

const PATHS = ['/', '/prontivo', '/preco-prontuario-eletronico', '/privacidade', '/politica-editorial', '/demonstracao', '/demonstracao/obrigado', '/nao-encontrado', '/endereco-que-nao-existe'];
/** The demonstration form shown again with its errors (422). */
const REFUSED_FORM = 'POST /demonstracao';

describe('marketing pages in the W3C HTML checker (vnu)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('have no errors', { timeout: 60_000 }, async () => {
    const documents: Record<string, string> = {};
    for (const path of PATHS) documents[path] = (await request(t.app).get(path)).text;
    documents[REFUSED_FORM] = (await request(t.app).post('/demonstracao').type('form').send({ nome: 'Ana', email: 'x', perfil: 'clinica', profissionais: '1' }).expect(422)).text;
    const errors = await validateHtml(documents);
    expect(Object.keys(errors)).toEqual([...PATHS, REFUSED_FORM]);
    for (const path of [...PATHS, REFUSED_FORM]) {
      expect(errors[path]?.map((error) => `${error.message} «${error.extract ?? ''}»`), path).toEqual([]);
    }
  });
});
