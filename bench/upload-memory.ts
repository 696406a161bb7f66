/**
 * Peak memory of one upload through the image pipeline (issue 21: under 600 MB for any single upload).
 * Each input runs in a fresh Node process, which prints its own peak RSS (VmHWM: getrusage's maxRSS would
 * carry the parent's peak across fork and exec) and how the pipeline ended: the largest photo the limits allow, the 50-megapixel PNG, and the hostile files
 * refused from their header.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { photo } from '../test/fixtures/images/generate.js';

const dir = mkdtempSync(join(tmpdir(), 'bench-memoria-'));
const inputs: Array<[string, () => Promise<Buffer>]> = [
  ['AVIF 7000 × 7000 de uma cor só (1,6 kB)', () => sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#fff' } }).avif({ effort: 0 }).toBuffer()],
  ['JPEG 4000 × 3000 (12 MP)', () => photo(4000, 3000, 24, 1).jpeg({ quality: 90 }).toBuffer()],
  ['JPEG 8000 × 6000 (48 MP)', () => photo(8000, 6000, 12, 2).jpeg({ quality: 80 }).toBuffer()],
  ['PNG 7000 × 7000 (49 MP)', () => photo(7000, 7000, 4, 3).png({ compressionLevel: 9 }).toBuffer()],
];

const child = `
  const { processImage } = await import(${JSON.stringify(new URL('../src/images/process-image.ts', import.meta.url).href)});
  const started = performance.now();
  let outcome;
  try { const image = await processImage(process.argv[1]); outcome = 'processada, ' + (image.variants.length + 2) + ' arquivos'; }
  catch (error) { outcome = 'recusada (' + (error.reason ?? error.message) + ')'; }
  const { readFileSync } = await import('node:fs');
  const peakKb = Number(/VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]);
  console.log(JSON.stringify({ outcome, ms: Math.round(performance.now() - started), peakMb: Math.round(peakKb / 1024) }));
`;

try {
  for (const [label, make] of inputs) {
    const path = join(dir, 'entrada');
    const bytes = await make();
    writeFileSync(path, bytes);
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', child, path], { encoding: 'utf8' });
    const { outcome, ms, peakMb } = JSON.parse(output.trim().split('\n').at(-1)!) as { outcome: string; ms: number; peakMb: number };
    console.log(`${label}, ${(bytes.length / 1e6).toFixed(1)} MB: ${outcome} em ${ms} ms, pico de RSS ${peakMb} MB`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
