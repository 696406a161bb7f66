import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import { startOutbox } from '../../src/outbox/start-outbox.js';
import { createAppContext, type AppContext } from '../../src/http/app-context.js';
import { createApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { openRepository } from '../../src/open-storage.js';
import type { NewArticle, StoredArticle } from '../../src/db/repository.js';
import type { Repository } from '../../src/db/storage.js';
import { createLogger, type Logger } from '../../src/logger.js';
import { readBuiltAssets, type Assets } from '../../src/ssr/assets.js';

export const TEST_EDITOR_AUTHOR = 'Editora de Teste';
export const TEST_EDITOR_KEY = 'chave-de-teste-123';

export interface TestAppOptions {
  /** Environment overrides, e.g. { DATABASE_URL } to run on PostgreSQL or { SITE_URL }. */
  env?: Record<string, string | undefined>;
  /** Defaults to the built client's manifest (dist/client); API-only tests may pass DEV_ASSETS. */
  assets?: Assets;
  logger?: Logger;
}

export interface TestApp {
  app: Express;
  repo: Repository;
  config: Config;
  /** Everything the app was built with, shared with a fast path built for the same app. */
  deps: AppContext;
  /** The throwaway directory holding this app's database. */
  dataDir: string;
  close(): Promise<void>;
}

/** The real app (real config, real repository, real routers) on its own throwaway database, for supertest. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-teste-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    EDITOR_KEYS: `${TEST_EDITOR_AUTHOR}:${TEST_EDITOR_KEY}`,
    SEED_SAMPLE_ARTICLES: 'false',
    SQLITE_PATH: join(dataDir, 'site.db'),
    DATA_DIR: dataDir,
    ...options.env,
  });
  const logger = options.logger ?? createLogger(config);
  const repo = await openRepository(config, logger);
  try {
    const deps = createAppContext({
      config,
      repo,
      logger,
      assets: options.assets ?? readBuiltAssets('dist/client'),
      clientDir: 'dist/client',
      staticDir: 'dist/static',
    });
    // The server starts the outbox's worker (server.ts); here too, where e-mail is configured.
    const outbox = startOutbox(config, repo, logger, deps.newsletterLinks);
    return {
      app: createApp(deps),
      repo,
      config,
      deps,
      dataDir,
      async close() {
        await outbox?.stop();
        await repo.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await repo.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

let sequence = 0;

/** Inserts an article straight into storage (no HTTP) with plausible defaults, and returns it as stored. */
export async function createArticle(repo: Repository, partial: Partial<NewArticle> = {}): Promise<StoredArticle> {
  sequence += 1;
  const id = await repo.articles.create({
    titulo: `Prontuário eletrônico no consultório ${sequence}`,
    titulo_url: `prontuario-eletronico-no-consultorio-${sequence}`,
    descricao: 'Como organizar o atendimento com um prontuário eletrônico seguro.',
    keywords: 'prontuário eletrônico, consultório, LGPD',
    conteudo: '<p>O prontuário eletrônico reúne o histórico do paciente em um só lugar.</p>',
    autor: TEST_EDITOR_AUTHOR,
    ...partial,
  });
  const article = await repo.articles.get(id);
  if (!article) throw new Error(`artigo ${id} não encontrado logo após ser criado`);
  return article;
}
