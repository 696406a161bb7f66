import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
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

const FONT_CONFIG_PREFIX = 'prontivo-fontes-';

/**
 * Points the fontconfig inside sharp's libvips at the repository's fonts and at nothing else, so text in
 * an SVG is drawn the same on a machine with no fonts installed (a slim container) as on one with many.
 * fontconfig reads FONTCONFIG_FILE once, when the first text is laid out: this must run before that, and
 * does nothing the second time. Its cache goes to a temporary folder, since the app's may be read-only.
 * The environment variable itself remembers that it was done: it is the process's state, not this module's.
 */
export function applyShippedFonts(): void {
  if (basename(dirname(process.env.FONTCONFIG_FILE ?? '')).startsWith(FONT_CONFIG_PREFIX)) return;
  const dir = mkdtempSync(join(tmpdir(), FONT_CONFIG_PREFIX));
  const config = join(dir, 'fonts.conf');
  const escape = (path: string) => path.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  writeFileSync(
    config,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig><dir>${escape(fontsDirectory())}</dir><cachedir>${escape(join(dir, 'cache'))}</cachedir></fontconfig>\n`,
  );
  process.env.FONTCONFIG_FILE = config;
}
