import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Repository } from '../../src/db/storage.js';
import { toNewImageSet } from '../../src/images/image-set-files.js';
import { processImage } from '../../src/images/process-image.js';
import { photo } from '../fixtures/images/generate.js';

/** A photo-like JPEG (noise and gradients) of the given size, as a camera would give. */
export function photoJpeg(width: number, height: number, seed = 1): Promise<Buffer> {
  return photo(width, height, 24, seed).jpeg({ quality: 85 }).toBuffer();
}

/**
 * Runs a photo through the image pipeline and stores it for an article, as an upload does: for page
 * tests that need many articles with images without going through the upload endpoint each time.
 */
export async function storePhoto(repo: Repository, id_artigo: number, nome: string, width: number, height: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'foto-de-teste-'));
  try {
    const path = join(dir, nome);
    writeFileSync(path, await photoJpeg(width, height, id_artigo));
    await repo.images.saveImageSet(toNewImageSet(id_artigo, nome, await processImage(path)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
