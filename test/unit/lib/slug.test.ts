import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSlug, slugify } from '../../../src/lib/slug.js';

describe('slugify', () => {
  it.each([
    ['LGPD no Consultório: o que muda?', 'lgpd-no-consultorio-o-que-muda'],
    ['  Prescrição   digital  ', 'prescricao-digital'],
    ['Atenção à saúde & bem-estar', 'atencao-a-saude-e-bem-estar'],
    ['Ação, coração, pão, maçã, Ñandu, über', 'acao-coracao-pao-maca-nandu-uber'],
    ['CID-10 -- TUSS__2025', 'cid-10-tuss-2025'],
    ['Straße Æon Œuvre Łódź', 'strasse-aeon-oeuvre-lodz'],
    ['🩺 Telemedicina 🩺', 'telemedicina'],
    ['---', ''],
    ['', ''],
  ])('%j → %j', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it('always gives a valid slug or nothing, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const slug = slugify(text);
        expect(slug === '' || isSlug(slug)).toBe(true);
        expect(slugify(slug)).toBe(slug);
      }),
      { numRuns: 1000 },
    );
  });
});
