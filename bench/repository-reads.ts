/**
 * What the repository costs each uncached page (decision 014): the reads of an article page (get, then
 * its image sets) and of a news list page (latest 12, then their image sets), on the embedded database
 * seeded with the sample articles and their photos. Prints microseconds per page, median of 7 rounds.
 * BENCH_READS (default 20000) sets the pages per round.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.js';
import { openRepository } from '../src/open-storage.js';
import { seedSampleArticles } from '../src/db/seed.js';
import { createLogger } from '../src/logger.js';

const READS = Number(process.env.BENCH_READS ?? 20_000);
const ROUNDS = 7;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dir = mkdtempSync(join(tmpdir(), 'bench-leituras-'));
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SQLITE_PATH: join(dir, 'site.db') });
const repo = await openRepository(config, createLogger(config));
try {
  await seedSampleArticles(repo);
  const ids = (await repo.publicArticles.latest(1, 100)).items.map((article) => article.id);

  async function perPage(read: (i: number) => Promise<unknown>): Promise<number> {
    const rounds: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < READS; i += 1) await read(i);
      rounds.push(Number(process.hrtime.bigint() - start) / 1000 / READS);
    }
    return median(rounds);
  }

  const article = await perPage(async (i) => {
    const id = ids[i % ids.length]!;
    await repo.articles.get(id);
    await repo.images.imageSets([id]);
  });
  const list = await perPage(async () => {
    const page = await repo.publicArticles.latest(1, 12);
    await repo.images.imageSets(page.items.map((item) => item.id));
  });
  console.log(`repositório ${repo.kind}, ${ids.length} artigos: página de artigo ${article.toFixed(1)} µs, lista de notícias ${list.toFixed(1)} µs`);
} finally {
  await repo.close();
  rmSync(dir, { recursive: true, force: true });
}
