/**
 * Image pipeline figures (issue 9), in two parts:
 * 1. processing one 12 MP camera JPEG (~5 MB) into the master, every variant and the social image:
 *    wall time (median of BENCH_IMAGE_RUNS, default 3) and peak RSS, in a fresh child process;
 * 2. the production server while five ~8 MB 12 MP photos are uploaded at once: p99 latency of a
 *    cached article page during the uploads, time until the last upload is answered, and the
 *    server's peak RSS (VmHWM).
 * Goals: 12 MP in at most 3 s; cached p99 under 100 ms during the uploads; peak RSS under 600 MB.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config.js';
import { openRepository } from '../src/open-storage.js';
import { createLogger } from '../src/logger.js';
import { articlePath } from '../src/routes/paths.js';
import { imageFixtures, readFixture } from '../test/fixtures/images/generate.js';
import { startBuiltServer, TEST_EDITOR_KEY } from '../test/e2e/support/server.js';
import { seedArticles } from './seed-articles.js';

const RUNS = Number(process.env.BENCH_IMAGE_RUNS ?? 3);
const PARALLEL_UPLOADS = 5;
const GOALS = { seconds: 3, p99Ms: 100, rssMb: 600 };
const MB = 1_000_000;

/** Runs processImage in a child so its peak RSS is the pipeline's, not this script's. */
function processInChild(path: string): { ms: number; peakRssMb: number } {
  const script = `
    import { processImage } from './src/images/process-image.js';
    const started = performance.now();
    await processImage(${JSON.stringify(path)});
    const ms = performance.now() - started;
    const { readFileSync } = await import('node:fs');
    const peak = /VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'));
    console.log(JSON.stringify({ ms, peakRssMb: Number(peak[1]) / 1024 }));
  `;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  return JSON.parse(output.trim().split('\n').at(-1)!) as { ms: number; peakRssMb: number };
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/** Five clients asking for the page back to back until `until` settles; every latency kept, for an exact p99. */
async function pageLatenciesUntil(url: string, until: Promise<unknown>): Promise<{ ms: number[]; errors: number }> {
  let done = false;
  until.then(
    () => (done = true),
    () => (done = true),
  );
  const ms: number[] = [];
  let errors = 0;
  const client = async () => {
    while (!done) {
      const started = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      ms.push(performance.now() - started);
      if (response.status !== 200) errors += 1;
    }
  };
  await Promise.all(Array.from({ length: 5 }, client));
  return { ms, errors };
}

function peakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match![1]) / 1024;
}

async function seededDirectory(): Promise<{ dir: string; article: string; articleId: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'site-bench-imagens-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', EDITOR_KEYS: TEST_EDITOR_KEY, SQLITE_PATH: join(dir, 'site.db'), DATA_DIR: dir });
  const repo = await openRepository(config, createLogger(config));
  const articles = await seedArticles(repo, 12);
  await repo.close();
  const last = articles.at(-1)!;
  return { dir, article: articlePath(last), articleId: last.id };
}

async function uploadPhoto(url: string, articleId: number, bytes: Buffer, name: string): Promise<number> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  form.set('filename', name);
  form.set('id_artigo', String(articleId));
  form.set('key', TEST_EDITOR_KEY);
  const response = await fetch(`${url}/api/artigos/upload-imagem`, { method: 'POST', body: form });
  await response.arrayBuffer();
  return response.status;
}

execFileSync(process.execPath, ['scripts/ensure-build.js'], { stdio: 'inherit' });
const fixtures = await imageFixtures();
const photo = fixtures.photo12mp;
const large = readFixture(fixtures.photoLarge);

console.log(`\n1. Processar uma foto JPEG de 12 MP (${(readFixture(photo).length / MB).toFixed(1)} MB): mestre + 15 variantes + social, ${RUNS} execuções\n`);
const runs = Array.from({ length: RUNS }, () => processInChild(photo.path));
const times = runs.map((run) => run.ms).sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
const processPeak = Math.max(...runs.map((run) => run.peakRssMb));
console.log(`tempo (mediana): ${(median / 1000).toFixed(2)} s   [${times.map((ms) => (ms / 1000).toFixed(2)).join(', ')}]   meta <= ${GOALS.seconds} s`);
console.log(`pico de RSS do processo: ${processPeak.toFixed(0)} MB`);

console.log(`\n2. Servidor de produção: ${PARALLEL_UPLOADS} envios simultâneos de ${(large.length / MB).toFixed(1)} MB (12 MP) e uma página em cache\n`);
const { dir, article, articleId } = await seededDirectory();
const server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false' }, dir);
try {
  await autocannon({ url: `${server.url}${article}`, connections: 5, duration: 2 });
  const quiet = await autocannon({ url: `${server.url}${article}`, connections: 5, duration: 3 });
  const idleRss = peakRssMb(server.child.pid!);
  const started = performance.now();
  const uploads = Promise.all(
    Array.from({ length: PARALLEL_UPLOADS }, (_, i) => uploadPhoto(server.url, articleId, large, `foto-${i + 1}.jpg`)),
  );
  let uploadsMs = 0;
  const finished = uploads.then((statuses) => {
    uploadsMs = performance.now() - started;
    return statuses;
  });
  const latencies = await pageLatenciesUntil(`${server.url}${article}`, finished);
  const statuses = await finished;
  if (statuses.some((status) => status !== 200)) throw new Error(`envios responderam ${statuses.join(', ')}`);
  const p99 = percentile(latencies.ms, 0.99);
  const requests = latencies.ms.length;
  const errors = latencies.errors;
  const serverPeak = peakRssMb(server.child.pid!);
  console.log(`${PARALLEL_UPLOADS} envios respondidos em ${(uploadsMs / 1000).toFixed(1)} s (todos 200)`);
  console.log(`página em cache sem envios: p99 ${quiet.latency.p99} ms (referência da carga da máquina)`);
  console.log(`página em cache durante os envios: ${requests} requisições, ${errors} erros, p99 ${p99.toFixed(0)} ms, mediana ${percentile(latencies.ms, 0.5).toFixed(0)} ms   meta < ${GOALS.p99Ms} ms`);
  console.log(`pico de RSS do servidor: ${serverPeak.toFixed(0)} MB (ocioso: ${idleRss.toFixed(0)} MB)   meta < ${GOALS.rssMb} MB`);

  const ok = median <= GOALS.seconds * 1000 && p99 < GOALS.p99Ms && serverPeak < GOALS.rssMb;
  console.log(ok ? '\nTodas as metas atingidas.\n' : '\nAlguma meta não foi atingida nesta máquina.\n');
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    `bench/results/images-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    JSON.stringify({ processMs: times, processPeakRssMb: processPeak, uploadsMs, quietP99Ms: quiet.latency.p99, p99Ms: p99, medianMs: percentile(latencies.ms, 0.5), requests, errors, serverPeakRssMb: serverPeak, idleRssMb: idleRss }, null, 2),
  );
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
