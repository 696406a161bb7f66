import { describe, expect, it } from 'vitest';
import { checkLeadForm, LEAD_FORM_MESSAGES, type TypedLeadForm } from '../../../src/content/lead-form-rules.js';

const typed: TypedLeadForm = {
  nome: ' Dra. Ana Lima ',
  email: ' ana@clinica.com.br ',
  telefone: '+55 (11) 91234-5678',
  perfil: 'medico-consultorio',
  profissionais: '',
  especialidade: ' ',
  mensagem: '',
  conteudo: false,
};

describe('the demonstration form rules (shared by the server and the page script)', () => {
  it('accepts a request, trimming it, with the optional fields null and no number of professionals outside a clinic', () => {
    expect(checkLeadForm({ ...typed, profissionais: 'abc' })).toEqual({
      ok: true,
      form: { nome: 'Dra. Ana Lima', email: 'ana@clinica.com.br', telefone: '+55 (11) 91234-5678', perfil: 'medico-consultorio', profissionais: null, especialidade: null, mensagem: null, conteudo: false },
    });
  });

  it('asks a clinic how many professionals it has, from 2 to 10,000', () => {
    expect(checkLeadForm({ ...typed, perfil: 'clinica', profissionais: '1' })).toEqual({ ok: false, errors: { profissionais: LEAD_FORM_MESSAGES.professionals } });
    expect(checkLeadForm({ ...typed, perfil: 'clinica', profissionais: '12' })).toMatchObject({ ok: true, form: { profissionais: 12 } });
  });

  it('gives one Portuguese message per wrong field, every field at once', () => {
    expect(checkLeadForm({ ...typed, nome: 'A', email: 'ana@', telefone: '91234-5678', perfil: 'paciente', mensagem: 'x'.repeat(1501) })).toEqual({
      ok: false,
      errors: {
        nome: LEAD_FORM_MESSAGES.name,
        email: LEAD_FORM_MESSAGES.email,
        telefone: LEAD_FORM_MESSAGES.phone,
        perfil: LEAD_FORM_MESSAGES.profile,
        mensagem: LEAD_FORM_MESSAGES.messageLong,
      },
    });
  });

  it('takes a phone with area code written any usual way, and nothing else', () => {
    for (const phone of ['11912345678', '(11) 3333-4444', '+55 11 91234 5678', '011 91234-5678'.slice(1)]) expect(checkLeadForm({ ...typed, telefone: phone }).ok, phone).toBe(true);
    for (const phone of ['1234', '(11) 91234-567a', '+1 415 555 0100 999', '5511']) expect(checkLeadForm({ ...typed, telefone: phone }).ok, phone).toBe(false);
  });
});
