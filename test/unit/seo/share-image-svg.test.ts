import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { articleShareText, SHARE_IMAGE_FILE_NAME, shareImageFile } from '../../../src/seo/share-image.js';
import { bylineText, layoutTitle, LOGO_DRAWING, MAX_TITLE_LINES, shareImageSvg, textWidth, wrapText } from '../../../src/seo/share-image-svg.js';

const LONG_TITLE =
  'Como organizar a agenda do consultório, reduzir faltas com lembretes por WhatsApp e integrar a telemedicina ao prontuário eletrônico sem perder o histórico clínico dos pacientes, mesmo com várias unidades';

describe('the share image drawing', () => {
  it('is a 1200×630 SVG with the title, the byline and the logo of public/logo.svg', () => {
    const svg = shareImageSvg({ title: 'Receita digital', authors: ['Ana Ribeiro'] });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1200" height="630"/);
    expect(svg).toContain('>Receita digital</text>');
    expect(svg).toContain('>Por Ana Ribeiro</text>');
    expect(svg).toContain('font-family="DejaVu Sans"');
    const logo = readFileSync(new URL('../../../public/logo.svg', import.meta.url), 'utf8');
    expect(logo.replace(/^<svg[^>]*>(<title>[^<]*<\/title>)?/, '').replace(/<\/svg>\s*$/, '')).toBe(LOGO_DRAWING);
  });

  it('escapes &, < and > of titles and names', () => {
    const svg = shareImageSvg({ title: 'LGPD & <script> "dados"', authors: ['Ana <b>&</b>'] });
    expect(svg).toContain('>LGPD &amp; &lt;script&gt; &quot;dados&quot;</text>');
    expect(svg).toContain('Por Ana &lt;b&gt;&amp;&lt;/b&gt;');
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('<b>');
  });

  it('wraps at spaces within the width, and cuts a word wider than a line', () => {
    const lines = wrapText('Prontuário eletrônico para consultórios e clínicas de todo o Brasil', 72, 1040);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe('Prontuário eletrônico para consultórios e clínicas de todo o Brasil');
    for (const line of lines) expect(textWidth(line, 72)).toBeLessThanOrEqual(1040);
    const cut = wrapText('a'.repeat(60), 72, 1040);
    expect(cut.join('')).toBe('a'.repeat(60));
    for (const line of cut) expect(textWidth(line, 72)).toBeLessThanOrEqual(1040);
  });

  it('keeps a short title large and shrinks a long one', () => {
    expect(layoutTitle('Receita digital')).toEqual({ fontSize: 72, lines: ['Receita digital'] });
    const medium = layoutTitle('Como organizar a agenda do consultório, reduzir faltas e integrar a telemedicina ao prontuário');
    expect(medium.fontSize).toBeLessThan(72);
    expect(medium.lines.join(' ')).toBe('Como organizar a agenda do consultório, reduzir faltas e integrar a telemedicina ao prontuário');
  });

  it(`ends a title too long for ${MAX_TITLE_LINES} lines with "…" on whole words`, () => {
    const { fontSize, lines } = layoutTitle(LONG_TITLE);
    expect(lines).toHaveLength(MAX_TITLE_LINES);
    expect(lines.at(-1)).toMatch(/\p{L}…$/u);
    for (const line of lines) expect(textWidth(line, fontSize)).toBeLessThanOrEqual(1040);
    const shown = lines.join(' ').slice(0, -1);
    expect(LONG_TITLE.startsWith(shown)).toBe(true);
    expect(LONG_TITLE[shown.length]).toBe(' ');
  });

  it('signs with every author as the page does, shortened when too long', () => {
    expect(bylineText(['Ana'])).toBe('Por Ana');
    expect(bylineText(['Ana', 'Bruno', 'Carla'])).toBe('Por Ana, Bruno e Carla');
    expect(bylineText([])).toBe('');
    expect(bylineText(Array.from({ length: 12 }, (_, index) => `Pessoa Número ${index + 1}`))).toMatch(/…$/);
  });
});

describe('the share image URL', () => {
  it('changes with the title and the authors, and only with them', () => {
    const file = shareImageFile({ title: 'Receita digital', authors: ['Ana'] });
    expect(file).toMatch(SHARE_IMAGE_FILE_NAME);
    expect(shareImageFile({ title: 'Receita digital', authors: ['Ana'] })).toBe(file);
    expect(shareImageFile({ title: 'Receita digital!', authors: ['Ana'] })).not.toBe(file);
    expect(shareImageFile({ title: 'Receita digital', authors: ['Ana', 'Bruno'] })).not.toBe(file);
    expect(articleShareText({ titulo: 'Receita digital', autor: 'Conta' }, [{ name: 'Ana' }])).toEqual({ title: 'Receita digital', authors: ['Ana'] });
    expect(articleShareText({ titulo: 'Receita digital', autor: 'Conta' })).toEqual({ title: 'Receita digital', authors: ['Conta'] });
  });
});
