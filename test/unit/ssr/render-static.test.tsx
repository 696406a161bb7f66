import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderWhole } from '../../../src/ssr/render-whole.js';

function Boom(): never {
  throw new Error('falha ao renderizar');
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('renderWhole', () => {
  it('renders the whole document in one pass, doctype first, without text separators', () => {
    const html = renderWhole(
      <html lang="pt-BR">
        <body>
          <p>
            {'Página '}
            {2}
            {' de 3'}
          </p>
        </body>
      </html>,
    ).toString();
    expect(html).toBe('<!DOCTYPE html><html lang="pt-BR"><body><p>Página 2 de 3</p></body></html>');
  });

  it('throws when a component fails, so the caller answers with the error page', () => {
    expect(() => renderWhole(<html lang="pt-BR"><body><Boom /></body></html>)).toThrow('falha ao renderizar');
  });

  it('is used only where there is no Suspense: under it, this renderer would send the fallback as the page', () => {
    // Public and prerendered pages are rendered whole; only private pages stream (components/streamed.tsx).
    const wholePages = ['home', 'about', 'plans', 'not-found', 'gone', 'news-list', 'article', 'bad-request', 'server-error'].map((name) => `src/routes/${name}.tsx`);
    const shared = ['src/components', 'src/ssr', 'src/seo', 'src/content'].flatMap(sources).filter((file) => !file.endsWith('streamed.tsx'));
    for (const file of [...wholePages, ...shared]) expect(readFileSync(file, 'utf8'), file).not.toMatch(/<Suspense\b|createElement\(Suspense\b|\blazy\(|<Streamed\b/);
    for (const file of wholePages) expect(readFileSync(file, 'utf8'), file).not.toMatch(/kind: 'private'/);
  });
});
