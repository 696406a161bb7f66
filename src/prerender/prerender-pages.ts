import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { SiteConfig } from '../config.js';
import { renderPrerendered } from '../entry-server.js';
import { createRouteTable } from '../routes/table.js';
import type { Assets } from '../ssr/assets.js';
import { RenderMemo } from '../ssr/render-memo.js';

/** A dotfile, so that sirv (dotfiles: false) never serves it. */
export const STAMP_FILE = '.stamp.json';

interface Stamp {
  stamp: string;
  site: SiteConfig;
  assets: Assets;
}

/**
 * Everything a prerendered page depends on besides the code: the public site configuration and the
 * hashed asset URLs. Equal stamps mean the files on disk are what the running server would render.
 */
export function pagesStamp(site: SiteConfig, assets: Assets): string {
  return createHash('sha256').update(JSON.stringify({ site, assets })).digest('hex');
}

export function readStamp(dir: string): string | undefined {
  const file = join(dir, STAMP_FILE);
  if (!existsSync(file)) return undefined;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as Partial<Stamp>).stamp;
  } catch {
    return undefined;
  }
}

/** "/" → index.html, "/prontivo" → prontivo.html: the names sirv finds with extensions: ['html']. */
export function pageFileName(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

/**
 * Writes every prerendered page of the route table with .br and .gz beside it into a fresh directory, then renames it into
 * place, so nobody ever sees a half-written set. The build replaces its output directory; at run time
 * each configuration gets a directory of its own that is never modified once renamed into place
 * (`replace: false`): another instance may be reading it.
 */
export async function prerenderPages(
  site: SiteConfig,
  assets: Assets,
  outDir: string,
  { replace = true }: { replace?: boolean } = {},
): Promise<string[]> {
  const work = `${outDir}.tmp-${process.pid}-${Date.now()}`;
  mkdirSync(work, { recursive: true });
  const written: string[] = [];
  const ctx = { config: { site }, assets, memo: new RenderMemo() };
  for (const { route, path } of createRouteTable(site).prerendered) {
    const html = renderPrerendered(ctx, route);
    const file = join(work, pageFileName(path));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
    writeFileSync(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
    written.push(pageFileName(path));
  }
  const stamp: Stamp = { stamp: pagesStamp(site, assets), site, assets };
  writeFileSync(join(work, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
  if (replace) rmSync(outDir, { recursive: true, force: true });
  try {
    renameSync(work, outDir);
  } catch (error) {
    // Another instance sharing the directory renamed its set in first; the same stamp means the same pages.
    rmSync(work, { recursive: true, force: true });
    if (readStamp(outDir) !== stamp.stamp) throw error;
  }
  return written;
}
