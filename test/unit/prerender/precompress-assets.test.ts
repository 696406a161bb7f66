import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressAssets } from '../../../src/prerender/precompress-assets.js';

describe('precompressAssets', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cliente-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz beside text files big enough to gain, and leaves the rest alone', () => {
    const css = 'body { color: #15262d; }\n'.repeat(100);
    writeFileSync(join(dir, 'assets', 'site-abc.css'), css);
    writeFileSync(join(dir, 'logo.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<rect/>'.repeat(100)}</svg>`);
    writeFileSync(join(dir, 'pequeno.js'), 'export {};');
    writeFileSync(join(dir, 'logo.png'), Buffer.alloc(4096, 1));
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify({ x: 'y'.repeat(2000) }));

    const written = precompressAssets(dir).map((path) => path.slice(dir.length + 1)).sort();
    expect(written).toEqual(['assets/site-abc.css', 'logo.svg']);
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'site-abc.css.br'))).toString()).toBe(css);
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'site-abc.css.gz'))).toString()).toBe(css);
    expect(existsSync(join(dir, 'pequeno.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'logo.png.br'))).toBe(false);
    expect(existsSync(join(dir, '.vite', 'manifest.json.br'))).toBe(false);
  });
});
