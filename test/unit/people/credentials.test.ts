import { describe, expect, it } from 'vitest';
import { CREDENTIAL_MESSAGES, credentialLine, profileSchema, registrationLine } from '../../../src/people/credentials.js';

const doctor = {
  nome_publico: 'Ana Souza',
  slug: 'ana-souza',
  tratamento: 'Dra.',
  profissao: 'médica',
  bio: 'Dermatologista em São Paulo.',
  conselho: 'CRM',
  registro: '123456',
  uf: 'SP',
  especialidades: [{ nome: 'Dermatologia', rqe: '7890' }],
};
const messagesOf = (input: object) => {
  const parsed = profileSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('the credential line', () => {
  it('writes a doctor’s line the way CFM 2.336/2023 asks, in one form', () => {
    const profile = profileSchema.parse(doctor);
    expect(credentialLine(profile)).toBe('Dra. Ana Souza — MÉDICA — CRM/SP 123456 — Dermatologia — RQE nº 7890');
    expect(registrationLine(profile)).toBe('CRM/SP 123456');
  });

  it('writes two specialties, another council, and a person with no credential', () => {
    expect(credentialLine(profileSchema.parse({ ...doctor, tratamento: 'Dr.', nome_publico: 'Caio Lima', profissao: 'MÉDICO', especialidades: [{ nome: 'Pediatria', rqe: '1' }, { nome: 'Neonatologia', rqe: '22' }] }))).toBe(
      'Dr. Caio Lima — MÉDICO — CRM/SP 123456 — Pediatria — RQE nº 1 — Neonatologia — RQE nº 22',
    );
    expect(credentialLine(profileSchema.parse({ ...doctor, tratamento: null, nome_publico: 'Bia Melo', profissao: 'Enfermeira', conselho: 'COREN', uf: 'RJ', registro: '654321', especialidades: [] }))).toBe(
      'Bia Melo — ENFERMEIRA — COREN/RJ 654321',
    );
    expect(credentialLine(profileSchema.parse({ ...doctor, tratamento: null, nome_publico: 'Equipe Prontivo', profissao: '', conselho: null, registro: null, uf: null, especialidades: [] }))).toBe('Equipe Prontivo');
  });
});

describe('profile validation', () => {
  it('accepts 1 to 7 digits of CRM and one of the 27 states', () => {
    expect(messagesOf({ ...doctor, registro: '1' })).toEqual([]);
    expect(messagesOf({ ...doctor, registro: '1234567' })).toEqual([]);
    expect(messagesOf({ ...doctor, registro: '12345678' })).toEqual([CREDENTIAL_MESSAGES.registrationInvalid]);
    expect(messagesOf({ ...doctor, registro: '12a' })).toEqual([CREDENTIAL_MESSAGES.registrationInvalid]);
    expect(messagesOf({ ...doctor, uf: 'XX' })).toEqual([CREDENTIAL_MESSAGES.ufInvalid]);
  });

  it('asks a doctor for a CRM, a specialty for a doctor’s registration, and a registration whole', () => {
    expect(messagesOf({ ...doctor, conselho: null, registro: null, uf: null, especialidades: [] })).toEqual([CREDENTIAL_MESSAGES.doctorNeedsCrm]);
    expect(messagesOf({ ...doctor, profissao: 'Nutricionista', conselho: 'CRN' })).toEqual([CREDENTIAL_MESSAGES.specialtyNeedsCrm]);
    expect(messagesOf({ ...doctor, uf: null })).toEqual([CREDENTIAL_MESSAGES.registrationIncomplete]);
    expect(messagesOf({ ...doctor, especialidades: [{ nome: 'Dermatologia', rqe: '' }] })).toEqual([CREDENTIAL_MESSAGES.specialtyInvalid]);
    expect(messagesOf({ ...doctor, especialidades: Array.from({ length: 4 }, (_, index) => ({ nome: `E${index}`, rqe: '1' })) })).toEqual([CREDENTIAL_MESSAGES.tooManySpecialties]);
  });

  it('refuses a profile address that is not a slug', () => {
    expect(messagesOf({ ...doctor, slug: 'Ana Souza' })).toEqual([CREDENTIAL_MESSAGES.slugInvalid]);
    expect(messagesOf({ ...doctor, slug: '' })).toEqual([CREDENTIAL_MESSAGES.slugInvalid]);
  });
});
