import { describe, expect, it } from 'vitest';
import { PEOPLE_MESSAGES } from '../../../src/people/messages.js';
import { hashPassword, passwordMatches, passwordProblem } from '../../../src/people/passwords.js';

const ana = { nome: 'Ana Beatriz Lima', email: 'ana.lima@clinica.com.br' };
const SITE = { productName: 'Prontivo', companyName: 'Prontivo Tecnologia em Saúde Ltda.' };

describe('passwords', () => {
  it('refuses short, personal and common passwords, in Portuguese', () => {
    expect(passwordProblem('curta', ana, SITE)).toBe(PEOPLE_MESSAGES.passwordTooShort);
    expect(passwordProblem('Beatriz2026!!', ana, SITE)).toBe(PEOPLE_MESSAGES.passwordPersonal);
    expect(passwordProblem('clinica-segura-1', ana, SITE)).toBe(PEOPLE_MESSAGES.passwordPersonal);
    expect(passwordProblem('senhasenha123', ana, SITE)).toBe(PEOPLE_MESSAGES.passwordWeak);
    expect(passwordProblem('123456789012', ana, SITE)).toBe(PEOPLE_MESSAGES.passwordWeak);
    expect(passwordProblem('flamengo12345', ana, SITE)).toBe(PEOPLE_MESSAGES.passwordWeak);
  });

  it("counts the product's and the company's names as dictionary words, the configured ones too", () => {
    expect(passwordProblem('prontivo12345', ana, SITE)).toBe(PEOPLE_MESSAGES.passwordWeak);
    const renamed = { productName: 'Consultório Aurora', companyName: 'Saúde Aurora Ltda.' };
    expect(passwordProblem('prontivo12345', ana, renamed)).toBe(PEOPLE_MESSAGES.passwordWeak);
    expect(passwordProblem('aurora1234567', ana, renamed)).toBe(PEOPLE_MESSAGES.passwordWeak);
  });

  it('accepts a passphrase', () => {
    expect(passwordProblem('jabuticaba azul no telhado', ana, SITE)).toBeNull();
    expect(passwordProblem('Gato!Pianista#Verde7', ana, SITE)).toBeNull();
  });

  it('stores argon2id hashes that verify only the same password', async () => {
    const stored = await hashPassword('jabuticaba azul no telhado');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await passwordMatches(stored, 'jabuticaba azul no telhado')).toBe(true);
    expect(await passwordMatches(stored, 'jabuticaba azul no telhad')).toBe(false);
    expect(await passwordMatches('lixo', 'qualquer')).toBe(false);
  });
});
