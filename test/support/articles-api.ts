import type { Response } from 'supertest';
import { expect } from 'vitest';
import { TEST_EDITOR_KEY } from './app.js';

/** A valid POST /api/artigos/novo body; override any field. */
export function articleBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    key: TEST_EDITOR_KEY,
    titulo: 'Prontuário eletrônico na prática',
    titulo_url: 'prontuario-eletronico-na-pratica',
    descricao: 'Como o prontuário eletrônico organiza o consultório.',
    keywords: 'prontuário, consultório',
    conteudo: '<p>Texto do artigo.</p>',
    ...overrides,
  };
}

/** Asserts the envelope of a failed call and returns its messages. */
export function expectFailure(response: Response, status: number, command: string): string[] {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.body).toEqual({
    status: 0,
    messages: expect.any(Array),
    command,
    value: null,
    fcrj: true,
  });
  return response.body.messages as string[];
}
