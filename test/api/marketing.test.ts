import { readFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import type { Express } from 'express';
import request, { type Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagesStamp, readStamp } from '../../src/prerender/prerender-pages.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { anchorNamed, anchors, block, images } from './marketing-html.js';
import { executableScripts, jsonLdNodes, linkHref, metaContent } from './news-html.js';

const APP_URL = 'https://app.prontivo.com.br';
const SITE_URL = 'http://localhost:3000';

const PAGES = [
  { path: '/', title: 'Prontivo: prontuário eletrônico seguro e simples para médicos', h1: 'Mais tempo para o paciente' },
  { path: '/prontivo', title: 'Sobre o Prontivo | Prontivo', h1: 'Nascemos dentro do consultório' },
  { path: '/preco-prontuario-eletronico', title: 'Preço do prontuário eletrônico: planos e valores | Prontivo', h1: 'Um plano para cada momento' },
  { path: '/privacidade', title: 'Política de privacidade | Prontivo', h1: 'Política de privacidade' },
  { path: '/nao-encontrado', title: 'Página não encontrada | Prontivo', h1: 'Página não encontrada.' },
];

const HTML = /^text\/html; ?charset=utf-8$/;

/** The bytes exactly as sent (supertest would decompress them), to check what encoding went out. */
function rawGet(app: Express, path: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      get({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          server.close();
          resolve({ headers: res.headers, body: Buffer.concat(chunks) });
        });
      }).on('error', (error) => {
        server.close();
        reject(error);
      });
    });
  });
}

describe('marketing pages, prerendered at build time', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('were built for this configuration (otherwise these tests would read stale files)', () => {
    expect(readStamp('dist/static')).toBe(pagesStamp(t.config.site, t.deps.assets));
  });

  describe.each(PAGES)('$path', ({ path, title, h1 }) => {
    let res: Response;
    beforeAll(async () => {
      res = await request(t.app).get(path);
    });

    it('answers 200 with HTML in pt-BR, its title and heading', () => {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(HTML);
      expect(res.text).toMatch(/^<!DOCTYPE html><html lang="pt-BR">/);
      expect(res.text).toContain(`<title>${title}</title>`);
      expect(res.text).toMatch(new RegExp(`<h1[^>]*>${h1}`));
      expect(metaContent(res.text, 'description')?.length).toBeGreaterThan(50);
      expect(metaContent(res.text, 'keywords')).toMatch(/prontuário eletrônico|página não encontrada/);
    });

    it('has a canonical URL, Open Graph and Twitter tags from SITE_URL', () => {
      const canonical = `${SITE_URL}${path}`;
      expect(linkHref(res.text, 'canonical')).toBe(canonical);
      expect(metaContent(res.text, 'og:url')).toBe(canonical);
      expect(metaContent(res.text, 'og:locale')).toBe('pt_BR');
      expect(metaContent(res.text, 'og:image')).toBe(`${SITE_URL}/imagem-principal.png`);
      expect(metaContent(res.text, 'og:image:width')).toBe('600');
      expect(metaContent(res.text, 'og:image:height')).toBe('545');
      expect(metaContent(res.text, 'twitter:card')).toBe('summary_large_image');
      expect(metaContent(res.text, 'twitter:title')).toBe(metaContent(res.text, 'og:title'));
      expect(metaContent(res.text, 'twitter:image')).toBe(metaContent(res.text, 'og:image'));
      expect(metaContent(res.text, 'twitter:image:alt')).toBe(metaContent(res.text, 'og:image:alt'));
      expect(metaContent(res.text, 'twitter:image:alt')?.length).toBeGreaterThan(10);
    });

    it('carries Organization, WebSite and WebPage JSON-LD, once each', () => {
      const nodes = jsonLdNodes(res.text);
      const pageTypes = path === '/preco-prontuario-eletronico' ? ['SoftwareApplication'] : [];
      expect(nodes.map((node) => node['@type'])).toEqual(['Organization', 'WebSite', 'WebPage', ...pageTypes]);
      expect(nodes[2]).toMatchObject({ url: `${SITE_URL}${path}`, inLanguage: 'pt-BR' });
      expect(nodes.every((node) => node['@context'] === 'https://schema.org')).toBe(true);
    });

    it('ships no script other than structured data', () => {
      expect(executableScripts(res.text)).toEqual([]);
    });

    it('opens every app-host and chat link in a new tab with rel="noopener"', () => {
      const external = anchors(res.text).filter((anchor) => /^https?:/.test(anchor.href));
      expect(external.length).toBeGreaterThan(2);
      for (const anchor of external) {
        expect(anchor.attributes).toMatchObject({ target: '_blank', rel: 'noopener' });
      }
    });

    it('gives every image its width and height and loads none lazily above the fold', () => {
      for (const image of images(res.text)) {
        expect(Number(image.width)).toBeGreaterThan(0);
        expect(Number(image.height)).toBeGreaterThan(0);
        expect(image.alt).toBeDefined();
        expect(image.loading).toBeUndefined();
      }
    });

    it('is revalidated by ETag', async () => {
      // The home page shows the latest articles: cached like the news pages, not a build-time file (issue 19).
      expect(res.headers['cache-control']).toBe(path === '/' ? 'public, max-age=60, stale-while-revalidate=600' : 'public, max-age=0, must-revalidate');
      const etag = res.headers.etag as string;
      expect(etag).toBeTruthy();
      await request(t.app).get(path).set('If-None-Match', etag).expect(304);
    });

    it('sends the precompressed brotli and gzip files when asked (the home page: compressed once when rendered)', async () => {
      const br = await rawGet(t.app, path, { 'Accept-Encoding': 'br, gzip' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);
      if (path !== '/') expect(br.body).toEqual(readFileSync(`dist/static/${path.slice(1)}.html.br`));
      expect(brotliDecompressSync(br.body).toString()).toBe(res.text);
      const gz = await request(t.app).get(path).set('Accept-Encoding', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.text).toBe(res.text);
    });
  });

  it('shows the shell on every page: header links, Acessar, mobile menu, footer contacts and copyright', async () => {
    const { text } = await request(t.app).get('/prontivo').expect(200);
    const desktop = block(text, /<nav class="nav-desktop"/, '</nav>');
    expect(anchors(desktop).map((a) => [a.text, a.href])).toEqual([
      ['Planos', '/preco-prontuario-eletronico'],
      ['Notícias', '/noticias'],
      ['Sobre', '/prontivo'],
      ['Contatos', '#contatos'],
    ]);
    expect(anchorNamed(desktop, 'Sobre').attributes['aria-current']).toBe('page');
    const mobile = block(text, /<details class="nav-mobile"/, '</details>');
    expect(mobile).toMatch(/<summary>.*Menu<\/summary>/s);
    expect(anchors(mobile).map((a) => a.text)).toEqual(['Planos', 'Sobre', 'Contatos']);
    expect(anchorNamed(text, 'Acessar')).toMatchObject({ href: APP_URL, attributes: { target: '_blank', rel: 'noopener' } });

    const footer = block(text, /<footer class="site-footer"/, '</footer>');
    expect(footer).toContain('id="contatos"');
    expect(anchors(footer).map((a) => a.text)).toEqual(
      expect.arrayContaining(['Início', 'Planos', 'Sobre', 'contato@prontivo.com.br', '(11) 91234-5678']),
    );
    expect(anchorNamed(footer, 'WhatsApp').href).toBe('https://wa.me/5511912345678');
    expect(anchorNamed(footer, 'contato@').href).toBe('mailto:contato@prontivo.com.br');
    expect(footer).toContain('© 2025 Prontivo Tecnologia em Saúde Ltda. · CNPJ 11.222.333/0001-81');
    const floating = anchors(text).find((a) => a.attributes.class === 'whatsapp-float');
    expect(floating).toMatchObject({ href: 'https://wa.me/5511912345678', attributes: { target: '_blank', rel: 'noopener' } });
    expect(floating?.attributes['aria-label']).toMatch(/WhatsApp/);
  });

  it('home: hero with "Experimente Grátis", every section, and "Quero me cadastrar" to the registration page', async () => {
    const { text } = await request(t.app).get('/').expect(200);
    expect(anchorNamed(text, 'Experimente Grátis')).toMatchObject({ href: APP_URL, attributes: { target: '_blank', rel: 'noopener' } });
    expect(anchorNamed(text, 'Quero me cadastrar')).toMatchObject({ href: `${APP_URL}/cadastro`, attributes: { target: '_blank' } });
    for (const id of ['seguranca', 'recursos', 'suporte', 'mobilidade', 'facilidade', 'plano-gratis']) {
      expect(text).toContain(`<section id="${id}"`);
    }
    for (const claim of [
      'LGPD',
      'criptografada',
      'nuvem',
      'Agenda de consultas',
      'Prontuário por paciente',
      'Receitas e atestados com assinatura digital',
      'Notificações por SMS, WhatsApp e e-mail',
      'Diagnóstico assistido por IA',
      'Qualquer dispositivo',
      'Qualquer navegador',
      '10 prontuários por mês grátis',
      'Sem cartão de crédito',
    ]) {
      expect(text).toContain(claim);
    }
    const hero = images(text)[0];
    expect(hero).toMatchObject({ src: '/imagem-principal.svg', width: '600', height: '545', fetchpriority: 'high' });
  });

  it('about: the origin story and "Quero experimentar"', async () => {
    const { text } = await request(t.app).get('/prontivo').expect(200);
    expect(text).toMatch(/criado em 2020/);
    expect(text).toContain('pandemia');
    expect(text).toContain('dermatologista');
    expect(anchorNamed(text, 'Quero experimentar')).toMatchObject({
      href: `${APP_URL}/cadastro`,
      attributes: { target: '_blank', rel: 'noopener' },
    });
  });

  it('plans: Residente and Profissional with prices and features, Clínica not offered', async () => {
    const { text } = await request(t.app).get('/preco-prontuario-eletronico').expect(200);
    const cards = [...text.matchAll(/<article class="card plan-card[^"]*"[^>]*>(.*?)<\/article>/gs)].map((m) => m[1]!);
    expect(cards).toHaveLength(2);
    const [residente, profissional] = cards as [string, string];
    expect(residente).toContain('>Residente</h2>');
    expect(residente).toContain('R$0,00');
    expect(residente).toContain('por profissional por mês');
    expect(residente).toContain('Até 10 prontuários por mês');
    expect(residente).toContain('Receitas e atestados automáticos por SMS ou e-mail');
    expect(residente).toContain('Disponível 24h');
    expect(anchors(residente)[0]).toMatchObject({ href: `${APP_URL}/cadastro`, attributes: { target: '_blank', rel: 'noopener' } });
    expect(profissional).toContain('>Profissional</h2>');
    expect(profissional).toContain('R$29,99');
    expect(profissional).toContain('Secretárias ilimitadas');
    expect(profissional).toContain('Diagnóstico com inteligência artificial');
    expect(anchors(profissional)[0]).toMatchObject({
      href: `${APP_URL}/cadastro?plano=PRO`,
      attributes: { target: '_blank', rel: 'noopener' },
    });
    const app = jsonLdNodes(text).find((node) => node['@type'] === 'SoftwareApplication');
    expect(app?.offers).toEqual([
      expect.objectContaining({ name: 'Residente', price: '0.00', priceCurrency: 'BRL', url: `${APP_URL}/cadastro` }),
      expect.objectContaining({ name: 'Profissional', price: '29.99', priceCurrency: 'BRL', url: `${APP_URL}/cadastro?plano=PRO` }),
    ]);
    expect(text).not.toContain('Clínica');
    expect(text).not.toContain('plano=CLI');
    expect(text).not.toContain('69,99');
  });

  it('sets the security headers: strict CSP, no framing, nosniff, strict referrer policy', async () => {
    const res = await request(t.app).get('/').expect(200);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('caches the hashed stylesheet for a year and compresses it', async () => {
    const { text } = await request(t.app).get('/').expect(200);
    const css = linkHref(text, 'stylesheet');
    expect(css).toMatch(/^\/assets\/site-[\w-]+\.css$/);
    const res = await rawGet(t.app, css!, { 'Accept-Encoding': 'br' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toBe(readFileSync(`dist/client${css}`, 'utf8'));
  });

  it('serves the icons and the web manifest', async () => {
    for (const [path, type] of [
      ['/favicon.ico', 'image/'],
      ['/icon.svg', 'image/svg+xml'],
      ['/apple-touch-icon.png', 'image/png'],
      ['/logo-512.png', 'image/png'],
      ['/imagem-principal.svg', 'image/svg+xml'],
      ['/imagem-principal.png', 'image/png'],
    ] as const) {
      const res = await request(t.app).get(path).expect(200);
      expect(res.headers['content-type']).toContain(type);
    }
    const manifest = await request(t.app).get('/site.webmanifest').expect(200);
    const parsed = JSON.parse(manifest.text) as { lang: string; icons: { src: string }[] };
    expect(parsed.lang).toBe('pt-BR');
    for (const icon of parsed.icons) await request(t.app).get(icon.src).expect(200);
  });

  it.each([
    ['/prontivo/', '/prontivo'],
    ['/PRONTIVO', '/prontivo'],
    ['/Preco-Prontuario-Eletronico/?utm_source=anuncio', '/preco-prontuario-eletronico?utm_source=anuncio'],
  ])('sends %s to the one URL of the page, %s, with 301', async (path, location) => {
    const res = await request(t.app).get(path).expect(301);
    expect(res.headers.location).toBe(location);
  });

  it('sends /login to the sign-in of the application', async () => {
    const res = await request(t.app).get('/login').expect(302);
    expect(res.headers.location).toBe(`${APP_URL}/login`);
  });

  it.each(['/nao-existe', '/preco-prontuario-eletronico/extra', '/prontivo.', '/PRONTIVO/x', '/prontivo.html', '/index.html'])(
    'answers the unknown path %s with 404 and the not-found page',
    async (path) => {
      const res = await request(t.app).get(path).expect(404);
      expect(res.headers['content-type']).toMatch(HTML);
      expect(res.text).toContain('<h1 id="nao-encontrado-titulo">Página não encontrada.</h1>');
      expect(anchorNamed(res.text, 'Voltar para o início').href).toBe('/');
      expect(metaContent(res.text, 'robots')).toBe('noindex, nofollow');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    },
  );

  it('answers 404 to other methods on unknown paths too', async () => {
    const res = await request(t.app).post('/formulario-antigo').send('a=1').expect(404);
    expect(res.text).toContain('Página não encontrada.');
  });
});

describe('marketing pages with SITE_URL and APP_URL set at run time', () => {
  const site = 'https://www.prontivo.test';
  const app = 'https://app.prontivo.test';
  let t: TestApp;
  let served: Express;
  beforeAll(async () => {
    t = await createTestApp({ env: { SITE_URL: site, APP_URL: app } });
    const { ensureStaticPages } = await import('../../src/prerender/static-pages.js');
    const { createApp } = await import('../../src/app.js');
    const { createAppContext } = await import('../../src/http/app-context.js');
    served = createApp(createAppContext({ ...t.deps, staticDir: await ensureStaticPages(t.deps, 'dist/static') }));
  });
  afterAll(() => t.close());

  it('renders the pages with the running configuration instead of the build’s', async () => {
    const { text } = await request(served).get('/preco-prontuario-eletronico').expect(200);
    expect(linkHref(text, 'canonical')).toBe(`${site}/preco-prontuario-eletronico`);
    expect(anchorNamed(text, 'Acessar').href).toBe(app);
    expect(text).toContain(`href="${app}/cadastro?plano=PRO"`);
    expect(text).not.toContain('localhost:3000');
    expect(executableScripts(text)).toEqual([]);
  });

  it('still answers unknown paths with the 404 page and /login with the app host', async () => {
    await request(served).get('/nada-aqui').expect(404);
    expect((await request(served).get('/login').expect(302)).headers.location).toBe(`${app}/login`);
  });
});
