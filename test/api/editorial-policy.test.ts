import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { createAppContext } from '../../src/http/app-context.js';
import { ensureStaticPages } from '../../src/prerender/static-pages.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { jsonLdOfType } from './news-html.js';

const SITE_URL = 'https://www.prontivo.test';

/** What a reader sees of some HTML: tags dropped, white space collapsed. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');

/** /politica-editorial (issue 33): prerendered from the configuration, in the footer and the sitemap. */
describe('política editorial', () => {
  let t: TestApp;
  let app: Express;
  let policy: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { SITE_URL, REVIEW_INTERVAL_MONTHS: '9', EDITORIAL_EMAIL: 'editorial@exemplo.test' } });
    app = createApp(createAppContext({ ...t.deps, staticDir: await ensureStaticPages(t.deps, 'dist/static') }));
    policy = (await request(app).get('/politica-editorial').expect(200)).text;
  });
  afterAll(() => t.close());

  it('states who writes, the review and its configured cadence, sources, corrections, conflicts, AI and how to report an error', () => {
    const text = textOf(policy);
    for (const heading of ['Quem escreve', 'Revisão médica e a sua periodicidade', 'Fontes e referências', 'Correções', 'Conflitos de interesse', 'Uso de ferramentas de inteligência artificial', 'Como avisar de um erro']) {
      expect(policy).toMatch(new RegExp(`<h2 id="[a-z-]+">${heading}</h2>`));
    }
    expect(text).toContain('Cada revisão vale por 9 meses');
    expect(policy).toContain('<a href="mailto:editorial@exemplo.test">editorial@exemplo.test</a>');
    expect(policy).not.toContain('contato@prontivo.com.br">contato@prontivo.com.br</a> com o endereço');
  });

  it('is in the footer of every page, in the sitemap, and the Organization names it as its publishing principles', async () => {
    expect(policy).toContain('<a href="/politica-editorial">Política editorial</a>');
    expect((await request(app).get('/privacidade').expect(200)).text).toContain('<a href="/politica-editorial">Política editorial</a>');
    expect((await request(app).get('/sitemap-paginas.xml').expect(200)).text).toContain(`<loc>${SITE_URL}/politica-editorial</loc>`);
    expect(jsonLdOfType(policy, 'Organization').publishingPrinciples).toBe(`${SITE_URL}/politica-editorial`);
  });

  it('falls back to the contact e-mail without EDITORIAL_EMAIL', async () => {
    const plain = await createTestApp();
    try {
      expect(plain.config.site.editorial).toEqual({ reviewIntervalMonths: 12, email: 'contato@prontivo.com.br' });
    } finally {
      await plain.close();
    }
  });
});
