import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const IMPORT = /(?:^|[\s;])(?:import|export)\s*(?:[^'"();]*?\sfrom\s*)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The TypeScript file a relative import names: './x.js' is written for './x.ts' (or .tsx). */
function sourceFile(from: string, specifier: string): string {
  const path = resolve(dirname(from), specifier);
  const candidates = [path, path.replace(/\.js$/, '.ts'), path.replace(/\.js$/, '.tsx'), `${path}.ts`];
  const found = candidates.find((candidate) => existsSync(candidate) && candidate.match(/\.[cm]?[jt]sx?$/));
  if (!found) throw new Error(`${from}: importação ${specifier} não encontrada`);
  return found;
}

/** 'sharp' for 'sharp/lib/x', '@scope/name' for '@scope/name/x'. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

function installedVersion(name: string): string {
  const manifest = join(ROOT, 'node_modules', name, 'package.json');
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : 'missing';
}

/**
 * A hash of a module's source, of every local module it imports (transitively) and of the installed
 * version of every package they import: what decides the bytes a generator writes. Node's built-ins count
 * through the Node version.
 */
export function sourceHash(entry: string): string {
  const hash = createHash('sha256').update(process.version);
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    hash.update(`${file.slice(ROOT.length)}\u0000${source}\u0000`);
    for (const match of source.matchAll(IMPORT)) {
      const specifier = (match[1] ?? match[2])!;
      if (specifier.startsWith('.')) visit(sourceFile(file, specifier));
      else if (!specifier.startsWith('node:')) packages.add(packageName(specifier));
    }
  };
  visit(resolve(entry));
  for (const name of [...packages].sort()) hash.update(`${name}@${installedVersion(name)}\u0000`);
  return hash.digest('hex').slice(0, 16);
}
