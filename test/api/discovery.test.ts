import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createArticle, createTestApp, type TestApp } from '../support/app.js';
import { child, childrenNamed, parseXml } from '../support/parse-xml.js';

const SITE_URL = 'https://www.prontivo.test';

describe('robots.txt and sitemap.xml', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL } });
  });
  afterAll(() => t.close());

  it('robots.txt keeps crawlers out of the editor and the API and names the sitemap', async () => {
    const res = await request(t.app).get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.text.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /novo-artigo');
    expect(lines).toContain('Disallow: /editor');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
    expect(lines).not.toContain('Disallow: /');
  });

  it('the sitemap of an empty site lists the indexable pages and the news list', async () => {
    const res = await request(t.app).get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = childrenNamed(parseXml(res.text), 'url').map((url) => child(url, 'loc')?.text);
    expect(locs).toEqual([`${SITE_URL}/`, `${SITE_URL}/prontivo`, `${SITE_URL}/preco-prontuario-eletronico`, `${SITE_URL}/noticias`]);
  });

  it('adds every article at its canonical URL, dated by its last change', async () => {
    const first = await createArticle(t.repo, { titulo_url: 'lgpd-no-consultorio', data_publicacao: '2025-02-03T13:00:00.000Z' });
    const second = await createArticle(t.repo, { titulo_url: 'receita-digital', data_publicacao: '2025-06-20T13:00:00.000Z' });
    const res = await request(t.app).get('/sitemap.xml').expect(200);
    const urls = childrenNamed(parseXml(res.text), 'url');
    const byLoc = new Map(urls.map((url) => [child(url, 'loc')?.text, child(url, 'lastmod')?.text]));
    expect(byLoc.get(`${SITE_URL}/noticias/${first.id}/2025/02/03/lgpd-no-consultorio`)).toBe(first.data_atualizacao);
    expect(byLoc.get(`${SITE_URL}/noticias/${second.id}/2025/06/20/receita-digital`)).toBe(second.data_atualizacao);
    expect(byLoc.get(`${SITE_URL}/noticias`)).toBe([first, second].map((a) => a.data_atualizacao).sort().at(-1));
    expect(urls).toHaveLength(6);
    expect(res.text).not.toContain('nao-encontrado');
    expect(res.text).not.toContain('novo-artigo');
  });
});
