import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceHash } from './source-hash.js';

const CACHE_ROOT = fileURLToPath(new URL('../../node_modules/.cache/test-fixtures/', import.meta.url));
const READY = '.ready';

/**
 * A folder of generated test fixtures, kept across runs under node_modules/.cache and named after the
 * hash of the generator's source (and what it imports): editing the generator makes new files, and a
 * fresh clone makes them once. `build` writes into an empty folder; concurrent builders both succeed.
 */
export async function cachedFixtureDir(name: string, generator: string, build: (dir: string) => Promise<void>): Promise<string> {
  const dir = join(CACHE_ROOT, `${name}-${sourceHash(generator)}`);
  if (existsSync(join(dir, READY))) return dir;
  const staging = `${dir}.${process.pid}.${Date.now()}`;
  mkdirSync(staging, { recursive: true });
  try {
    await build(staging);
    writeFileSync(join(staging, READY), '');
    renameSync(staging, dir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    // Another process finished the same fixtures first; theirs are as good as ours.
    if (existsSync(join(dir, READY))) return dir;
    throw error;
  }
  return dir;
}
