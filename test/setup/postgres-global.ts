import type { TestProject } from 'vitest/node';
import { findPostgresBin, startPostgresCluster } from '../support/postgres-cluster.js';
import { choosePostgres } from './postgres-choice.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server where tests may create databases; null when none could be found (never in CI). */
    postgresUrl: string | null;
  }
}

/**
 * Gives the PostgreSQL tests a real server: TEST_DATABASE_URL when set (never DATABASE_URL), otherwise
 * a throwaway cluster made with initdb + pg_ctl and deleted at the end. Without PostgreSQL, CI fails;
 * a developer's machine gets a loud banner and the PostgreSQL suites are not registered.
 */
export default async function setup(project: TestProject) {
  const choice = choosePostgres(process.env);
  if (choice.given) {
    project.provide('postgresUrl', choice.given);
    return undefined;
  }
  process.stderr.write(`${choice.notice}\n`);
  const bin = findPostgresBin();
  if (!bin) {
    const message =
      'PostgreSQL não encontrado (/usr/lib/postgresql/*/bin/initdb): instale com "apt-get install postgresql" ou defina TEST_DATABASE_URL; os testes do adaptador PostgreSQL NÃO rodaram.';
    if (process.env.CI) throw new Error(`[CI] ${message}`);
    const bar = '!'.repeat(message.length + 4);
    process.stderr.write(`\n${bar}\n! ${message} !\n${bar}\n\n`);
    project.provide('postgresUrl', null);
    return undefined;
  }
  const cluster = await startPostgresCluster(bin);
  project.provide('postgresUrl', cluster.url);
  return () => cluster.destroy();
}
