import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats worth compressing; images in PNG/ICO are compressed already. */
const COMPRESSIBLE = /\.(css|js|svg|webmanifest|json|txt|xml)$/;
/** Below this, the headers cost more than the bytes saved. */
const MIN_BYTES = 512;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // .vite holds the build manifest, which is never served.
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes .br and .gz beside every compressible client file (the hashed CSS and JS, the SVGs, the
 * manifest), so sirv sends them as they are instead of compressing on every request.
 */
export function precompressAssets(clientDir: string): string[] {
  const written: string[] = [];
  for (const path of files(clientDir)) {
    if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue;
    const bytes = readFileSync(path);
    writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    written.push(path);
  }
  return written;
}
