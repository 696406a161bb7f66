import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderStaticDocument } from '../../../src/ssr/render.js';

function Boom(): never {
  throw new Error('falha ao renderizar');
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('renderStaticDocument', () => {
  it('renders the whole document in one pass, doctype first, without text separators', () => {
    const html = renderStaticDocument(
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
    expect(() => renderStaticDocument(<html lang="pt-BR"><body><Boom /></body></html>)).toThrow('falha ao renderizar');
  });

  it('is used only where there is no Suspense: under it, this renderer would send the fallback as the page', () => {
    const serverOnly = ['src/news', 'src/pages', 'src/components', 'src/ssr', 'src/seo', 'src/workflow'].flatMap(sources);
    expect(serverOnly.length).toBeGreaterThan(30);
    for (const file of serverOnly) expect(readFileSync(file, 'utf8'), file).not.toMatch(/<Suspense\b|createElement\(Suspense\b|\blazy\(/);
  });
});
