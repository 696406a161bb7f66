import { describe, expect, it } from 'vitest';
import { stripNulBytes } from '../../../src/ssr/nul-filter.js';
import { streamedHtml } from '../../support/streamed-html.js';

describe('NUL bytes from React 18.3 stream views', () => {
  it('drops 0x00 bytes and keeps multi-byte characters whole', () => {
    const broken = Buffer.concat([Buffer.from('não est'), Buffer.from([0]), Buffer.from('á pronta')]);
    expect(stripNulBytes(broken).toString('utf8')).toBe('não está pronta');
    const clean = Buffer.from('Página não encontrada.');
    expect(stripNulBytes(clean)).toEqual(clean);
  });

  it('renders accented text across React’s 2 KB chunk boundaries without NUL bytes', async () => {
    // Two-byte characters after an odd or even prefix: one of the two always straddles a boundary.
    for (const prefix of ['', 'x']) {
      const phrases = Array.from({ length: 600 }, () => 'ção');
      const { html } = await streamedHtml(
        <>
          {prefix}
          {phrases.map((phrase, index) => (
            <i key={index}>{phrase}</i>
          ))}
        </>,
      );
      expect(html).not.toContain('\u0000');
      expect(html).toContain(phrases.map((phrase) => `<i>${phrase}</i>`).join(''));
    }
  });
});
