import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { softwareApplication } from '../../../src/seo/plans-json-ld.js';
import { PLANS, PRICE_UNIT } from '../../../src/plans.js';

const site = loadConfig({ EDITOR_KEYS: 'chave-de-teste-123', APP_URL: 'https://app.prontivo.test' }).site;

describe('plans structured data', () => {
  it('offers the offered plans with schema.org prices in BRL', () => {
    const node = softwareApplication(site, '/preco-prontuario-eletronico');
    expect(node).toMatchObject({ '@type': 'SoftwareApplication', name: 'Prontivo', applicationCategory: 'MedicalApplication' });
    expect(node.offers).toEqual([
      expect.objectContaining({ '@type': 'Offer', name: 'Residente', price: '0.00', priceCurrency: 'BRL', url: 'https://app.prontivo.test/cadastro' }),
      expect.objectContaining({ name: 'Profissional', price: '29.99', url: 'https://app.prontivo.test/cadastro?plano=PRO' }),
    ]);
  });

  it('specifies each price per professional, billed monthly, as the page shows it', () => {
    const offers = softwareApplication(site, '/preco-prontuario-eletronico').offers as readonly Record<string, unknown>[];
    expect(offers.map((offer) => offer.priceSpecification)).toEqual(
      [['0.00'], ['29.99']].map(([price]) => ({
        '@type': 'UnitPriceSpecification',
        price,
        priceCurrency: 'BRL',
        billingDuration: 'P1M',
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitText: 'profissional' },
        unitText: PRICE_UNIT,
      })),
    );
    expect(PRICE_UNIT).toBe('por profissional por mês');
  });

  it('lists the plans it is given: Clínica would register with plano=CLI', () => {
    const offers = softwareApplication(site, '/preco-prontuario-eletronico', PLANS).offers;
    expect(offers).toHaveLength(3);
    expect(offers).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Clínica', price: '69.99', url: 'https://app.prontivo.test/cadastro?plano=CLI' })]));
  });
});
