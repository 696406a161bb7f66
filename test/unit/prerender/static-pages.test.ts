import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { createLogger } from '../../../src/logger.js';
import { pageFileName, pagesStamp, prerenderPages, readStamp } from '../../../src/prerender/prerender-pages.js';
import { ensureStaticPages } from '../../../src/prerender/static-pages.js';
import type { Assets } from '../../../src/ssr/assets.js';

const assets: Assets = { siteCss: '/assets/site-abc123.css', editorJs: '/assets/editor-abc123.js', editorCss: [], areaCss: '/assets/editor-area-abc123.css', passkeysJs: '/assets/passkeys-abc123.js', leadFormJs: '/assets/lead-form-abc123.js', calendarJs: '/assets/calendar-abc123.js', importJs: '/assets/import-abc123.js' };
const KEY = 'chave-de-teste-123';

describe('prerendered marketing pages', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'paginas-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const configFor = (env: Record<string, string>) =>
    loadConfig({ EDITOR_KEYS: KEY, DPO_NAME: 'Helena Prado', DPO_EMAIL: 'encarregado@prontivo.com.br', LOG_LEVEL: 'silent', DATA_DIR: join(dir, 'data'), ...env });

  it('names files the way sirv looks them up', () => {
    expect(pageFileName('/')).toBe('index.html');
    expect(pageFileName('/prontivo')).toBe('prontivo.html');
  });

  it('writes every page with brotli and gzip variants and a stamp of the configuration', async () => {
    const { site } = configFor({});
    const out = join(dir, 'static');
    const files = await prerenderPages(site, assets, out);
    expect(files).toEqual(['prontivo.html', 'preco-prontuario-eletronico.html', 'privacidade.html', 'demonstracao/obrigado.html', 'politica-editorial.html', 'nao-encontrado.html']);
    for (const file of files) {
      const html = readFileSync(join(out, file));
      expect(html.toString()).toMatch(/^<!DOCTYPE html><html lang="pt-BR">/);
      expect(brotliDecompressSync(readFileSync(join(out, `${file}.br`)))).toEqual(html);
      expect(gunzipSync(readFileSync(join(out, `${file}.gz`)))).toEqual(html);
    }
    expect(readStamp(out)).toBe(pagesStamp(site, assets));
    expect(readFileSync(join(out, 'prontivo.html'), 'utf8')).toContain('href="/assets/site-abc123.css"');
  });

  it('changes the stamp when a public setting or an asset changes', () => {
    const { site } = configFor({});
    expect(pagesStamp(site, assets)).toBe(pagesStamp({ ...site }, { ...assets }));
    expect(pagesStamp({ ...site, appUrl: 'https://outro.app' }, assets)).not.toBe(pagesStamp(site, assets));
    expect(pagesStamp(site, { ...assets, siteCss: '/assets/site-def456.css' })).not.toBe(pagesStamp(site, assets));
  });

  it('serves the built pages when they match the running configuration', async () => {
    const config = configFor({ NODE_ENV: 'production', SITE_URL: 'http://localhost:3000' });
    const built = join(dir, 'built');
    await prerenderPages(config.site, assets, built);
    const deps = { config, assets, logger: createLogger(config) };
    expect(await ensureStaticPages(deps, built)).toBe(built);
    expect(existsSync(join(config.dataDir, 'static'))).toBe(false);
  });

  it('renders again into the data directory in production when SITE_URL or APP_URL changed, once', async () => {
    const built = join(dir, 'built');
    await prerenderPages(configFor({}).site, assets, built);
    const config = configFor({ NODE_ENV: 'production', SITE_URL: 'https://www.prontivo.test', APP_URL: 'https://app.prontivo.test' });
    const deps = { config, assets, logger: createLogger(config) };

    const served = await ensureStaticPages(deps, built);
    expect(served).toBe(join(config.dataDir, 'static', pagesStamp(config.site, assets)));
    const about = readFileSync(join(served, 'prontivo.html'), 'utf8');
    expect(about).toContain('<link rel="canonical" href="https://www.prontivo.test/prontivo"/>');
    expect(about).toContain('href="https://app.prontivo.test"');
    expect(readFileSync(join(built, 'prontivo.html'), 'utf8')).toContain('http://localhost:3000/');

    const firstWrite = statSync(join(served, 'prontivo.html')).mtimeMs;
    expect(await ensureStaticPages(deps, built)).toBe(served);
    expect(statSync(join(served, 'prontivo.html')).mtimeMs).toBe(firstWrite);
  });

  it('renders two configurations on one data directory into separate directories, neither touching the other', async () => {
    const built = join(dir, 'built');
    await prerenderPages(configFor({}).site, assets, built);
    const blue = configFor({ NODE_ENV: 'production', SITE_URL: 'https://azul.prontivo.test' });
    const green = configFor({ NODE_ENV: 'production', SITE_URL: 'https://verde.prontivo.test' });
    const blueDir = await ensureStaticPages({ config: blue, assets, logger: createLogger(blue) }, built);
    const before = readFileSync(join(blueDir, 'prontivo.html.br'));
    const greenDir = await ensureStaticPages({ config: green, assets, logger: createLogger(green) }, built);
    expect(greenDir).not.toBe(blueDir);
    expect(readFileSync(join(blueDir, 'prontivo.html.br')).equals(before)).toBe(true);
    expect(readFileSync(join(greenDir, 'prontivo.html'), 'utf8')).toContain('https://verde.prontivo.test/');
    expect(readdirSync(join(blue.dataDir, 'static')).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });
});
