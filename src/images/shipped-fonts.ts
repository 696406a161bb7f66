import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The fonts/ folder of the repository, found from this module whether it runs from src/ or from dist/server/. */
export function fontsDirectory(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'fonts', 'DejaVuSans-Bold.ttf'))) return join(dir, 'fonts');
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  const fromCwd = join(process.cwd(), 'fonts');
  if (existsSync(join(fromCwd, 'DejaVuSans-Bold.ttf'))) return fromCwd;
  throw new Error('pasta fonts/ com DejaVuSans-Bold.ttf não encontrada');
}

let configured = false;

/**
 * Points the fontconfig inside sharp's libvips at the repository's fonts and at nothing else, so text in
 * an SVG is drawn the same on a machine with no fonts installed (a slim container) as on one with many.
 * fontconfig reads FONTCONFIG_FILE once, when the first text is laid out: this must run before that, and
 * does nothing the second time. Its cache goes to a temporary folder, since the app's may be read-only.
 */
export function useShippedFonts(): void {
  if (configured) return;
  const dir = mkdtempSync(join(tmpdir(), 'prontivo-fontes-'));
  const config = join(dir, 'fonts.conf');
  const escape = (path: string) => path.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  writeFileSync(
    config,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig><dir>${escape(fontsDirectory())}</dir><cachedir>${escape(join(dir, 'cache'))}</cachedir></fontconfig>\n`,
  );
  process.env.FONTCONFIG_FILE = config;
  configured = true;
}
