import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { prepareBody } from '../../../src/import/article-body.js';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const BODY = `${Array.from({ length: 12 }, (_, n) => `<p>Parágrafo ${n}: a <strong>agenda</strong> e o <a href="https://exemplo.com/${n}">prontuário</a>.</p>`).join('')}<h2>Seção</h2><ul><li>um</li><li>dois</li></ul><figure><img src="https://exemplo.com/foto.jpg" alt="Foto"></figure>`;

async function heapAfter(bodies: number): Promise<number> {
  for (let n = 0; n < bodies; n++) await prepareBody(BODY, () => null);
  collect();
  return process.memoryUsage().heapUsed;
}

it('keeps the heap flat however many bodies an import normalises', { timeout: 120_000 }, async () => {
  const afterFirstHundred = await heapAfter(100);
  const afterThreeHundred = await heapAfter(200);
  // A window that kept its documents grew about 0.85 MB per body (170 MB here); flat is a few MB of noise.
  expect((afterThreeHundred - afterFirstHundred) / 1_048_576).toBeLessThan(20);
});
