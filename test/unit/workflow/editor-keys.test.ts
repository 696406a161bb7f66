import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/lib/api-error.js';
import { createKeyChecker } from '../../../src/workflow/editor-keys.js';
import { parseEditorKeys } from '../../../src/config.js';

const check = createKeyChecker(parseEditorKeys('Maria Souza:chave-da-maria-123, João Lima:chave-do-joao-456'));

function refusal(key: unknown): ApiError {
  try {
    check(key);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('a chave foi aceita');
}

describe('editor keys', () => {
  it('resolves each key to its author', () => {
    expect(check('chave-da-maria-123').author).toBe('Maria Souza');
    expect(check(' chave-do-joao-456 ').author).toBe('João Lima');
  });

  it.each([
    ['chave-da-maria-12', 'Chave de editor inválida.'],
    ['chave-da-maria-1234', 'Chave de editor inválida.'],
    ['CHAVE-DA-MARIA-123', 'Chave de editor inválida.'],
    ['', 'Informe a chave de editor.'],
    ['   ', 'Informe a chave de editor.'],
    [undefined, 'Informe a chave de editor.'],
    [['chave-da-maria-123'], 'Informe a chave de editor.'],
  ])('refuses %j with 403', (key, message) => {
    const error = refusal(key);
    expect(error.status).toBe(403);
    expect(error.messages).toEqual([message]);
  });
});
