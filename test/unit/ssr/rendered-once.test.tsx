import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Footer } from '../../../src/routes/layout/footer.js';
import { Header } from '../../../src/routes/layout/header.js';
import { WhatsAppButton } from '../../../src/routes/layout/whatsapp-button.js';
import { loadConfig } from '../../../src/config.js';
import { DEV_ASSETS } from '../../../src/ssr/assets.js';
import { RenderMemo } from '../../../src/ssr/render-memo.js';
import { SiteProvider } from '../../../src/ssr/site-context.js';
import { streamedHtml } from '../../support/streamed-html.js';

type Site = ReturnType<typeof loadConfig>['site'];
/** One memo per configuration, as one app per configuration has. */
const memos = new Map<Site, RenderMemo>();
const memoOf = (site: Site) => memos.get(site) ?? memos.set(site, new RenderMemo()).get(site)!;

const chrome = (site: Site, path: string) => (
  <SiteProvider value={{ site, assets: DEV_ASSETS, path, memo: memoOf(site) }}>
    <Header />
    <main />
    <Footer />
    <WhatsAppButton />
  </SiteProvider>
);

describe('the page chrome, rendered once per configuration', () => {
  it('marks the current section in the header, whichever page of it is shown', () => {
    const { site } = loadConfig({ NODE_ENV: 'test' });
    const article = renderToStaticMarkup(chrome(site, '/noticias/7/2026/01/02/titulo'));
    expect(article).toContain('<a href="/noticias" aria-current="page">Notícias</a>');
    const plans = renderToStaticMarkup(chrome(site, '/preco-prontuario-eletronico'));
    expect(plans).toContain('<a href="/preco-prontuario-eletronico" aria-current="page">Planos</a>');
    expect(plans).not.toContain('<a href="/noticias" aria-current="page">');
    const home = renderToStaticMarkup(chrome(site, '/'));
    expect(home).not.toContain('aria-current');
  });

  it('follows each configuration: another product name or phone gives other markup', () => {
    const one = loadConfig({ NODE_ENV: 'test' }).site;
    const other = loadConfig({ NODE_ENV: 'test', PRODUCT_NAME: 'Clínica Digital', CONTACT_PHONE_DISPLAY: '(11) 4000-0000' }).site;
    const first = renderToStaticMarkup(chrome(one, '/'));
    const second = renderToStaticMarkup(chrome(other, '/'));
    expect(second).toContain('Clínica Digital');
    expect(second).toContain('(11) 4000-0000');
    expect(first).not.toContain('Clínica Digital');
    expect(renderToStaticMarkup(chrome(one, '/'))).toBe(first);
  });

  it('comes out the same inside the streaming renderer (private pages) as inside the synchronous one', async () => {
    const { site } = loadConfig({ NODE_ENV: 'test' });
    const { html: streamed } = await streamedHtml(chrome(site, '/noticias'));
    const page = (
      <html lang="pt-BR">
        <body>{chrome(site, '/noticias')}</body>
      </html>
    );
    expect(streamed).toBe(`<!DOCTYPE html>${renderToStaticMarkup(page)}`);
    expect(streamed).toContain('<footer class="site-footer"><div class="container footer-grid">');
  });
});
