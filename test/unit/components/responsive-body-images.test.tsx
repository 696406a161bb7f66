import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../../src/lib/sanitize-article-html.js';
import { responsiveBodyImages } from '../../../src/components/responsive-body-images.js';
import { makeImageSet } from '../../support/image-set-fixture.js';

const detail = makeImageSet(9, 'mesa do consultório.jpg', 1600, 1200);
const small = makeImageSet(9, 'grafico.jpg', 800, 400);
const sets = [detail, small];

describe('responsiveBodyImages', () => {
  it('turns an image of this article into a lazy <picture> with the sizes of the column', () => {
    const html = sanitizeArticleHtml(
      '<p style="text-align:center"><img src="/assets/artigos/9/mesa%20do%20consult%C3%B3rio.jpg" alt="Mesa &quot;organizada&quot; &amp; limpa" title="Foto"></p>',
    );
    const avif = detail.variants.filter((v) => v.format === 'avif').map((v) => `${v.url} ${v.width}w`).join(', ');
    const webp = detail.variants.filter((v) => v.format === 'webp').map((v) => `${v.url} ${v.width}w`).join(', ');
    const jpeg = detail.variants.filter((v) => v.format === 'jpeg').map((v) => `${v.url} ${v.width}w`).join(', ');
    const sizes = '(min-width: 780px) 732px, (min-width: 576px) calc(100vw - 48px), calc(100vw - 32px)';
    expect(responsiveBodyImages(html, 9, sets)).toBe(
      '<p style="text-align:center"><picture>' +
        `<source type="image/avif" srcSet="${avif}" sizes="${sizes}"/>` +
        `<source type="image/webp" srcSet="${webp}" sizes="${sizes}"/>` +
        `<img src="/assets/artigos/9/mesa%20do%20consult%C3%B3rio-1600-h640.jpg" srcSet="${jpeg}" sizes="${sizes}"` +
        ' width="1600" height="1200" alt="Mesa &quot;organizada&quot; &amp; limpa" title="Foto" loading="lazy" decoding="async"/>' +
        '</picture></p>',
    );
  });

  it('keeps the width the editor chose and derives the height from the photo', () => {
    const html = '<p><img src="/assets/artigos/9/grafico.jpg" alt="Gráfico" width="400" /></p>';
    const out = responsiveBodyImages(html, 9, sets);
    expect(out).toContain('width="400" height="200"');
    expect(out).toContain('sizes="(min-width: 432px) 400px, calc(100vw - 32px)"');
    expect(out).toMatch(/^<p><picture><source type="image\/avif"/);
  });

  it('leaves external images and other articles\' images as they were', () => {
    const html =
      '<p><img src="https://example.com/foto.jpg" alt="" /></p>' +
      '<p><img src="/assets/artigos/10/grafico.jpg" alt="" /></p>' +
      '<p><img src="/assets/artigos/9/grafico.jpg/../x" alt="" /></p>';
    expect(responsiveBodyImages(html, 9, sets)).toBe(html);
  });

  it('renders no image for an upload whose processed set is not stored yet, even when the article has no set at all', () => {
    const html = '<p>Antes</p><p><img src="/assets/artigos/9/em-processamento.png" alt="Ainda não" /></p><p>Depois</p>';
    expect(responsiveBodyImages(html, 9, sets)).toBe('<p>Antes</p><p></p><p>Depois</p>');
    expect(responsiveBodyImages(html, 9, [])).toBe('<p>Antes</p><p></p><p>Depois</p>');
  });

  it('never lets a crafted attribute out of its quotes', () => {
    const html = sanitizeArticleHtml('<p><img src="/assets/artigos/9/grafico.jpg" alt="&quot; onerror=&quot;alert(1)&quot; <script>"></p>');
    const out = responsiveBodyImages(html, 9, sets);
    const document = new Window().document;
    document.body.innerHTML = out;
    const image = document.querySelector('img')!;
    expect(image.getAttribute('alt')).toBe('" onerror="alert(1)" <script>');
    expect(image.getAttributeNames().sort()).toEqual(['alt', 'decoding', 'height', 'loading', 'sizes', 'src', 'srcset', 'width']);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});
