import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { parse as parseYaml } from 'yaml';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';

/**
 * The README's container commands, run without Docker: the built server started with exactly the
 * environment they give it (the Dockerfile's ENV, then `docker run`'s -e, or the compose file's
 * environment with the variables the README's compose command sets). Only what Docker itself maps is
 * changed: the port (a free one), the data volume (a temporary directory), the database host `db`.
 */

const README = readFileSync('README.md', 'utf8');
const section = README.slice(README.indexOf('## Contêiner'), README.indexOf('\n## ', README.indexOf('## Contêiner') + 5));

/** Splits a shell command line the way sh would for these commands: quotes removed, backslash-newlines joined. */
function shellWords(line: string): string[] {
  return [...line.replace(/\\\n/g, ' ').matchAll(/(?:[^\s"']+|"[^"]*"|'[^']*')+/g)].map((match) => match[0].replace(/"([^"]*)"|'([^']*)'/g, '$1$2'));
}

/** The Dockerfile runtime stage's ENV. */
function dockerfileEnv(): Record<string, string> {
  const dockerfile = readFileSync('Dockerfile', 'utf8');
  const runtime = dockerfile.slice(dockerfile.search(/^FROM .* AS runtime$/m));
  const block = /^ENV ((?:.*\\\n)*.*)$/m.exec(runtime)![1]!;
  return Object.fromEntries(shellWords(block).map((word) => word.split(/=(.*)/s).slice(0, 2) as [string, string]));
}

/** `docker run`'s -e NAME=VALUE pairs, in the README. */
function dockerRunEnv(): Record<string, string> {
  const command = /```sh\n[\s\S]*?(docker run[\s\S]*?prontivo-site)\n/.exec(section)![1]!;
  const words = shellWords(command);
  const pairs: [string, string][] = [];
  words.forEach((word, index) => {
    if (word === '-e') pairs.push(words[index + 1]!.split(/=(.*)/s).slice(0, 2) as [string, string]);
  });
  return Object.fromEntries(pairs);
}

/** The variables the README's compose command sets before `docker compose up`. */
function composeCommandEnv(): Record<string, string> {
  const command = /`((?:[A-Z_]+=\S+ |[A-Z_]+="[^"]*" )+)docker compose up --build`/.exec(section)![1]!;
  return Object.fromEntries(shellWords(command).map((word) => word.split(/=(.*)/s).slice(0, 2) as [string, string]));
}

/** app1's environment in docker-compose.yml, with ${VAR}, ${VAR:-default} and ${VAR:?message} resolved as compose does. */
function composeEnv(given: Record<string, string>): Record<string, string> {
  const compose = parseYaml(readFileSync('docker-compose.yml', 'utf8'), { merge: true }) as { services: { app1: { environment: Record<string, string> } } };
  const resolve = (value: string) =>
    value.replace(/\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g, (_match, name: string, kind: string | undefined, rest: string) => {
      if (given[name] !== undefined) return given[name];
      if (kind === '-') return rest;
      throw new Error(`compose pararia: ${name} não definida (${rest})`);
    });
  return Object.fromEntries(Object.entries(compose.services.app1.environment).map(([name, value]) => [name, resolve(String(value))]));
}

let server: ChildProcess | undefined;
let log = '';

async function startWith(env: Record<string, string>): Promise<string> {
  const port = await freePort();
  log = '';
  server = spawn(process.execPath, ['dist/server/server.js'], { env: { PATH: process.env.PATH, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout!.on('data', (chunk) => (log += chunk));
  server.stderr!.on('data', (chunk) => (log += chunk));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i += 1) {
    if (server.exitCode !== null) throw new Error(`o servidor saiu com ${server.exitCode}:\n${log}`);
    if (await fetch(`${url}/healthz`).then((response) => response.ok, () => false)) return url;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`o servidor não respondeu /healthz:\n${log}`);
}

describe('os comandos de contêiner do README', () => {
  const data = mkdtempSync(join(tmpdir(), 'site-readme-'));
  let cluster: PostgresCluster | undefined;
  afterEach(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
  });
  afterAll(async () => {
    await cluster?.destroy();
    rmSync(data, { recursive: true, force: true });
  });

  it('docker run: o ambiente do Dockerfile e do README basta para a produção subir e responder /healthz', async () => {
    const env = { ...dockerfileEnv(), ...dockerRunEnv() };
    expect(env).toMatchObject({ NODE_ENV: 'production', DATA_DIR: '/app/data' });
    expect(Object.keys(env)).toEqual(expect.arrayContaining(['EDITOR_KEYS', 'DPO_NAME', 'DPO_EMAIL', 'SITE_URL']));
    const url = await startWith({ ...env, DATA_DIR: join(data, 'run'), SQLITE_PATH: join(data, 'run', 'site.db') });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${url}/`)).text()).toContain(`<link rel="canonical" href="${env.SITE_URL}/"/>`);
  });

  it.runIf(findPostgresBin())('docker compose: o environment do compose com as variáveis do comando do README sobe no PostgreSQL', async () => {
    const given = composeCommandEnv();
    expect(Object.keys(given)).toEqual(expect.arrayContaining(['EDITOR_KEYS', 'DPO_NAME', 'DPO_EMAIL', 'POSTGRES_PASSWORD']));
    const env = composeEnv(given);
    cluster = await startPostgresCluster(findPostgresBin()!);
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`CREATE ROLE site LOGIN PASSWORD '${given.POSTGRES_PASSWORD!.replace(/'/g, "''")}'`);
    await admin.query('CREATE DATABASE site OWNER site');
    await admin.end();
    const databaseUrl = env.DATABASE_URL!.replace('@db:5432/', `@127.0.0.1:${cluster.port}/`);
    const url = await startWith({ ...dockerfileEnv(), ...env, DATABASE_URL: databaseUrl, DATA_DIR: join(data, 'compose') });
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: 'ok', database: 'postgres' });
  });
});
