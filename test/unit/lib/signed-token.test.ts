import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from '../../../src/lib/signed-token.js';

const SECRET = 'um-segredo-de-teste-com-bastante-entropia';

describe('signed tokens', () => {
  it('gives back the payload of a token signed with the same secret for the same purpose', () => {
    const token = signToken(SECRET, 'tempo-do-formulario', '1764237600000.abc');
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyToken(SECRET, 'tempo-do-formulario', token)).toBe('1764237600000.abc');
    expect(verifyToken(SECRET, 'x', signToken(SECRET, 'x', 'ação: é ✓'))).toBe('ação: é ✓');
  });

  it('refuses another purpose, another secret, a changed payload, a changed signature and anything malformed', () => {
    const token = signToken(SECRET, 'cancelar-boletim', '42');
    const [payload, signature] = token.split('.') as [string, string];
    expect(verifyToken(SECRET, 'preferencias-boletim', token)).toBeUndefined();
    expect(verifyToken(`${SECRET}!`, 'cancelar-boletim', token)).toBeUndefined();
    expect(verifyToken(SECRET, 'cancelar-boletim', `${Buffer.from('43').toString('base64url')}.${signature}`)).toBeUndefined();
    expect(verifyToken(SECRET, 'cancelar-boletim', `${payload}.${signature.slice(0, -2)}AA`)).toBeUndefined();
    expect(verifyToken(SECRET, 'cancelar-boletim', `${payload}.${signature.slice(0, -1)}`)).toBeUndefined();
    for (const malformed of ['', '.', 'abc', `${token}.x`, `${payload}=.${signature}`]) expect(verifyToken(SECRET, 'cancelar-boletim', malformed)).toBeUndefined();
  });
});
