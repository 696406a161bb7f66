import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { PIPELINE_VERSION } from './encode-image.js';
import { processImage, type EncodedImage, type ProcessedImage } from './process-image.js';

const asBuffer = (image: EncodedImage): EncodedImage => ({
  ...image,
  bytes: Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength),
});

/**
 * processImage() remembered on disk by the file's content and the pipeline version: seeding the same
 * sample photos again (each test database, each benchmark) reads one file instead of encoding ~17.
 */
export async function processImageCached(path: string, cacheDir: string): Promise<ProcessedImage> {
  const source = await readFile(path);
  const key = createHash('sha256').update(`${PIPELINE_VERSION}\u0000`).update(source).digest('hex');
  const file = join(cacheDir, `${key}.v8`);
  try {
    const cached = deserialize(await readFile(file)) as ProcessedImage;
    return { ...cached, master: asBuffer(cached.master), social: asBuffer(cached.social), variants: cached.variants.map(asBuffer) };
  } catch {
    const processed = await processImage(path);
    await mkdir(cacheDir, { recursive: true });
    // Written aside then renamed, so a concurrent reader never sees half a file.
    const partial = `${file}.${process.pid}.${Date.now()}`;
    await writeFile(partial, serialize(processed));
    await rename(partial, file);
    return processed;
  }
}
