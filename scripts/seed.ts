/**
 * `npm run seed`: inserts the sample articles into the configured database (SQLite, or PostgreSQL when
 * DATABASE_URL is set). Refuses a database that already has articles unless run with --force.
 */
import { loadConfig } from '../src/config.js';
import { openRepository } from '../src/db/open.js';
import { seedSampleArticles } from '../src/db/seed.js';
import { createLogger } from '../src/logger.js';

const config = loadConfig();
const logger = createLogger(config);
const repo = await openRepository(config, logger);
try {
  const existing = await repo.count();
  if (existing > 0 && !process.argv.includes('--force')) {
    console.log(`O banco (${repo.kind}) já tem ${existing} artigo(s); nada foi inserido. Use "npm run seed -- --force" para inserir mesmo assim.`);
  } else {
    const count = await seedSampleArticles(repo);
    console.log(`${count} artigos de exemplo inseridos no banco ${repo.kind}.`);
  }
} finally {
  await repo.close();
}
