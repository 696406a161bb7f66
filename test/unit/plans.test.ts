import { describe, expect, it } from 'vitest';
import { FREE_RECORDS_PER_MONTH, formatPrice, offeredPlans, PLANS, PRICE_UNIT } from '../../src/plans.js';

const byId = (id: string) => {
  const plan = PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`plano ${id} ausente`);
  return plan;
};

describe('plans (spec section 9)', () => {
  it('offers Residente and Profissional, in that order, and keeps Clínica hidden', () => {
    expect(offeredPlans().map((plan) => plan.name)).toEqual(['Residente', 'Profissional']);
    expect(byId('clinica')).toMatchObject({ name: 'Clínica', offered: false, code: 'CLI', priceCents: 6999 });
  });

  it('prices per professional per month, written as the spec writes them', () => {
    expect(PRICE_UNIT).toBe('por profissional por mês');
    expect(formatPrice(byId('residente').priceCents)).toBe('R$0,00');
    expect(formatPrice(byId('profissional').priceCents)).toBe('R$29,99');
    expect(formatPrice(byId('clinica').priceCents)).toBe('R$69,99');
    expect(formatPrice(123456)).toBe('R$1.234,56');
  });

  it('registers Residente without a plan code and Profissional with PRO', () => {
    expect(byId('residente').code).toBeUndefined();
    expect(byId('profissional').code).toBe('PRO');
  });

  it('lists every feature of the free plan', () => {
    const texts = byId('residente').features.map((feature) => feature.text);
    expect(FREE_RECORDS_PER_MONTH).toBe(10);
    expect(texts).toEqual([
      'Até 10 prontuários por mês',
      'Agenda de consultas ilimitada',
      'Pacientes ilimitados',
      'Receitas e atestados automáticos por SMS ou e-mail',
      'Disponível 24h',
    ]);
  });

  it('lists every feature of the paid plan', () => {
    const texts = byId('profissional').features.map((feature) => feature.text);
    for (const expected of ['Prontuários ilimitados', 'Anexos ilimitados', 'Secretárias ilimitadas', 'Notificações por WhatsApp']) {
      expect(texts).toContain(expected);
    }
    expect(texts.some((text) => /inteligência artificial/.test(text))).toBe(true);
  });

  it('marks the AI limit of Clínica as coming soon', () => {
    const clinic = byId('clinica').features;
    expect(clinic.find((feature) => feature.comingSoon)?.text).toMatch(/10 consultas por mês/);
    expect(clinic.map((feature) => feature.text)).toEqual(expect.arrayContaining(['Mural de recados', 'Chat interno']));
  });
});
