/**
 * npm run soak: renders the news pages over and over with the page cache off and samples the
 * server's resident memory after each round. Resident memory saws up and down with each garbage
 * collection, so single samples say little: it passes when the peak of the second half of the rounds
 * is less than SOAK_MAX_GROWTH_MB above the peak of the first half (a leak raises every peak).
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { startBuiltServer } from '../test/e2e/support/server.js';

const ROUNDS = Number(process.env.SOAK_ROUNDS ?? 16);
const REQUESTS_PER_ROUND = Number(process.env.SOAK_REQUESTS ?? 3000);
const MAX_GROWTH_MB = Number(process.env.SOAK_MAX_GROWTH_MB ?? 15);

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

const server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'true', PAGE_CACHE_ENTRIES: '0' });
try {
  const pid = server.child.pid;
  if (!pid) throw new Error('processo do servidor sem pid');
  const article = await fetch(`${server.url}/noticias/1`, { redirect: 'manual' });
  const articlePath = new URL(article.headers.get('location') ?? '/noticias/1', server.url).pathname;
  const samples: { rodada: number; 'RSS MB': number; requisicoes: number; erros: number }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const result = await autocannon({
      url: server.url,
      connections: 20,
      amount: REQUESTS_PER_ROUND,
      requests: [{ path: '/noticias' }, { path: articlePath }, { path: '/noticias?pagina=2' }],
    });
    samples.push({ rodada: round, 'RSS MB': residentMb(pid), requisicoes: result.requests.total, erros: result.errors + result['5xx'] });
  }
  console.table(samples);
  const rss = samples.map((sample) => sample['RSS MB']);
  const half = Math.floor(ROUNDS / 2);
  const firstPeak = Math.max(...rss.slice(0, half));
  const secondPeak = Math.max(...rss.slice(half));
  const growth = Math.round((secondPeak - firstPeak) * 10) / 10;
  const errors = samples.reduce((sum, sample) => sum + sample.erros, 0);
  console.log(`Pico da 1ª metade: ${firstPeak} MB; da 2ª: ${secondPeak} MB; crescimento ${growth} MB (limite ${MAX_GROWTH_MB} MB); erros: ${errors}`);
  if (growth > MAX_GROWTH_MB || errors > 0) {
    console.error('FALHOU: a memória continua crescendo ou houve erros');
    process.exitCode = 1;
  }
} finally {
  await server.stop();
}
