/**
 * `npm run seed`: inserts the sample articles into the configured database (SQLite, or PostgreSQL when
 * DATABASE_URL is set). Refuses a database that already has articles unless run with --force.
 * `npm run seed -- --artigos 100000` inserts that many generated published articles instead, to
 * measure the site at scale (bench/scale.ts).
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../src/config.js';
import { seedGeneratedArticles } from '../src/db/generated-articles.js';
import { openRepository } from '../src/open-storage.js';
import { seedSampleArticles } from '../src/db/seed.js';
import { createLogger } from '../src/logger.js';

const Options = z.object({
  force: z.boolean().default(false),
  artigos: z.coerce.number({ error: '--artigos deve ser um número inteiro entre 1 e 1000000' }).int().min(1).max(1_000_000).optional(),
});

const { values } = parseArgs({ options: { force: { type: 'boolean' }, artigos: { type: 'string' } } });
const parsed = Options.safeParse(values);
if (!parsed.success) {
  console.error(parsed.error.issues.map((issue) => issue.message).join('\n'));
  process.exit(2);
}
const options = parsed.data;

const config = loadConfig();
const logger = createLogger(config);
const repo = await openRepository(config, logger);
try {
  const existing = await repo.articles.count();
  if (existing > 0 && !options.force) {
    console.log(`O banco (${repo.kind}) já tem ${existing} artigo(s); nada foi inserido. Use "npm run seed -- --force" para inserir mesmo assim.`);
  } else if (options.artigos) {
    const started = Date.now();
    await seedGeneratedArticles(repo, options.artigos, (done) => {
      if (done % 10_000 === 0 || done === options.artigos) process.stdout.write(`${done} artigos...\n`);
    });
    console.log(`${options.artigos} artigos gerados no banco ${repo.kind} em ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  } else {
    const count = await seedSampleArticles(repo);
    console.log(`${count} artigos de exemplo inseridos no banco ${repo.kind}.`);
  }
} finally {
  await repo.close();
}
