import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

/** A throwaway PostgreSQL server in a temporary directory, for tests and benchmarks. */
export interface PostgresCluster {
  url: string;
  port: number;
  /** Stops the server abruptly (like a crash), keeping its files. */
  kill(): Promise<void>;
  /**
   * Stops the server as an operator does (`pg_ctl -m MODE stop`), keeping its files: `fast` (the
   * default, and what the official image does on docker stop) ends every session; `smart` waits for the
   * sessions to end, up to `waitSeconds`, and rejects if they did not.
   */
  stop(mode: 'smart' | 'fast' | 'immediate', waitSeconds?: number): Promise<void>;
  /** Starts it again on the same port after kill() or stop(). */
  start(): Promise<void>;
  /** Stops it and deletes every file. */
  destroy(): Promise<void>;
}

/** The bin directory of the newest installed PostgreSQL (Debian layout), or null. */
export function findPostgresBin(): string | null {
  if (!existsSync(POSTGRES_ROOT)) return null;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((version) => existsSync(join(POSTGRES_ROOT, version, 'bin', 'initdb')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions[0] ? join(POSTGRES_ROOT, versions[0], 'bin') : null;
}

async function osUser(name: string): Promise<{ uid: number; gid: number } | null> {
  try {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  } catch {
    return null;
  }
}

/**
 * PostgreSQL refuses to run as root, and CI machines often are root: then the cluster belongs to the
 * `postgres` user that Debian's package creates, and every command runs as that user.
 */
async function commandRunner(dir: string): Promise<(command: string, args: string[]) => Promise<unknown>> {
  if (userInfo().uid !== 0) return (command, args) => run(command, args, { cwd: dir });
  const owner = await osUser('postgres');
  if (!owner) throw new Error('rodando como root sem o usuário "postgres": instale o pacote postgresql do Debian');
  chownSync(dir, owner.uid, owner.gid);
  return (command, args) => run('runuser', ['-u', 'postgres', '--', command, ...args], { cwd: dir });
}

export async function startPostgresCluster(bin: string): Promise<PostgresCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'pg-teste-'));
  const data = join(dir, 'data');
  const as = await commandRunner(dir);
  const port = await freePort();
  await as(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync', '-N']);
  // Durability is not under test here: skipping fsync keeps each test database quick to create.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200`;
  const start = () => as(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', '-t', '30', 'start']).then(() => undefined);
  const stopAs = (mode: 'smart' | 'fast' | 'immediate', waitSeconds = 60) =>
    as(join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', '-t', String(waitSeconds), 'stop']).then(() => undefined);
  const stop = () => stopAs('immediate');
  try {
    await start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    kill: stop,
    stop: stopAs,
    start,
    async destroy() {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
