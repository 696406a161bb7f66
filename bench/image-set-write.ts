/**
 * What storing one photo's processed set costs the other requests (decision 014): a 4032 × 3024 camera
 * photo (noise and gradients, about 4 MB as JPEG) goes through the pipeline, then its set is saved while
 * another task reads an article page in a loop, on the embedded database. Prints the write's duration,
 * the longest wait of one read and the event loop's longest delay during the write.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteRepository } from '../src/open-storage.js';
import { toNewImageSet } from '../src/images/image-set-files.js';
import { processImage } from '../src/images/process-image.js';
import { createLogger } from '../src/logger.js';
import { photoJpeg } from '../test/support/stored-photo.js';

const dir = mkdtempSync(join(tmpdir(), 'bench-conjunto-'));
const repo = await openSqliteRepository(join(dir, 'site.db'), createLogger({ logLevel: 'silent' }));
try {
  const base = { descricao: 'd', keywords: 'k', conteudo: '<p>texto</p>', autor: 'Bench' };
  const reader = await repo.articles.create({ ...base, titulo: 'Lido', titulo_url: 'lido' });
  const path = join(dir, 'foto.jpg');
  const jpeg = await photoJpeg(4032, 3024);
  writeFileSync(path, jpeg);
  const processed = await processImage(path);
  for (let round = 1; round <= 3; round += 1) {
    const id = await repo.articles.create({ ...base, titulo: `Foto ${round}`, titulo_url: `foto-${round}` });
    const set = toNewImageSet(id, 'foto.jpg', processed);
    const bytes = set.master.bytes.length + set.variants.reduce((sum, file) => sum + file.bytes.length, 0) + set.social.bytes.length;
    let writing = true;
    let longestRead = 0;
    const reads = (async () => {
      while (writing) {
        const start = performance.now();
        await repo.articles.get(reader);
        await repo.images.imageSets([reader]);
        longestRead = Math.max(longestRead, performance.now() - start);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const start = performance.now();
    await repo.images.saveImageSet(set);
    const took = performance.now() - start;
    delay.disable();
    writing = false;
    await reads;
    console.log(
      `rodada ${round}: foto de ${(jpeg.length / 1e6).toFixed(1)} MB, conjunto de ${set.variants.length + 2} arquivos (${(bytes / 1e6).toFixed(1)} MB) gravado em ${took.toFixed(0)} ms; ` +
        `leitura mais longa ${longestRead.toFixed(0)} ms; maior atraso do laço de eventos ${(delay.max / 1e6).toFixed(0)} ms`,
    );
  }
} finally {
  await repo.close();
  rmSync(dir, { recursive: true, force: true });
}
