/**
 * Draws the sample articles' photo-like illustrations (seed/imagens/*.jpg) from seed/artigos.json, big
 * enough to exercise the whole image pipeline (every responsive width): a wide main photo and a detail
 * photo for the body of each article.
 * Run after changing the list: `npx tsx scripts/generate-seed-images.ts`. The JPEGs are committed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { photo, seedOf, type Illustration } from './photo-scene.js';

interface SeedEntry {
  arquivo: string;
  imagem: { nome: string; width: number; height: number };
  ilustracao: Illustration;
}

/** The body photo: narrower than the main one, still wider than the 1280 px variant. */
const DETAIL = { width: 1600, height: 1200 };

/** The body photo's file name: the main photo's name with "-detalhe". */
function detailName(mainName: string): string {
  return mainName.replace(/\.jpg$/, '-detalhe.jpg');
}

const seedDir = join(import.meta.dirname, '..', 'seed');
const entries = JSON.parse(readFileSync(join(seedDir, 'artigos.json'), 'utf8')) as SeedEntry[];
mkdirSync(join(seedDir, 'imagens'), { recursive: true });
let total = 0;
for (const entry of entries) {
  const seed = seedOf(entry.arquivo);
  const outputs: Array<[string, Buffer]> = [
    [entry.imagem.nome, await photo(entry.imagem.width, entry.imagem.height, entry.ilustracao, seed, false)],
    [detailName(entry.imagem.nome), await photo(DETAIL.width, DETAIL.height, entry.ilustracao, seed + 1, true)],
  ];
  for (const [name, jpeg] of outputs) {
    writeFileSync(join(seedDir, 'imagens', name), jpeg);
    total += jpeg.length;
    console.log(`${name}: ${(jpeg.length / 1024).toFixed(0)} KB`);
  }
}
console.log(`total: ${(total / 1024 / 1024).toFixed(2)} MB`);
