import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.js';

/**
 * The Dockerfile's runtime stage rebuilt without Docker (this machine has none): its build steps in a
 * temporary directory, then only what the runtime stage copies, started as an unprivileged user with
 * NODE_ENV=production and a read-only application directory. It fails if anything the server imports
 * at run time was left in devDependencies (npm prune --omit=dev removes them, as in the image).
 */

const REPO = process.cwd();
const UNPRIVILEGED = 65_534; // nobody:nogroup, like the image's `node` user: owns nothing but DATA_DIR.
const KEY = 'Operadora:uma-chave-de-conteiner-123';
/** Only under `npm run dev` (server.ts imports Vite in the branch the built server never takes). */
const DEV_ONLY_DYNAMIC_IMPORTS = new Set(['vite']);

const work = mkdtempSync(join(tmpdir(), 'site-conteiner-'));
const build = join(work, 'build');
const app = join(work, 'app');
const data = join(work, 'data');
let server: ChildProcess | undefined;
let log = '';

/** npm ci, build and prune take minutes on a busy machine (the npm cache is reused); this bounds a hang, not speed. */
const HANG_GUARD_MS = 20 * 60_000;

async function run(command: string, args: string[], cwd: string): Promise<void> {
  await promisify(execFile)(command, args, { cwd, env: { ...process.env, NODE_ENV: '' }, maxBuffer: 64 * 1024 * 1024 });
}

/** `COPY . .`: the files git knows (tracked and new), less what .dockerignore leaves out. */
function copyBuildContext() {
  const ignored = readFileSync(join(REPO, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const globToRegExp = (pattern: string) => new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}(/|$)`);
  const rules = ignored.map(globToRegExp);
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: REPO, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    if (rules.some((rule) => rule.test(file) || rule.test(file.split('/').at(-1)!))) continue;
    if (!existsSync(join(REPO, file))) continue;
    mkdirSync(dirname(join(build, file)), { recursive: true });
    cpSync(join(REPO, file), join(build, file));
  }
}

/**
 * `npm rebuild better-sqlite3`. With network, as in `docker build`, it downloads a prebuilt binary in
 * seconds; here (npm registry only) it compiles SQLite for minutes. The binary this checkout's own
 * install built for the same package version and Node ABI is the same file, so it is used when present.
 */
async function rebuildNativeAddons(): Promise<void> {
  const own = join(REPO, 'node_modules/better-sqlite3');
  const version = (dir: string) => (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  const target = join(build, 'node_modules/better-sqlite3');
  const binary = 'build/Release/better_sqlite3.node';
  if (existsSync(join(own, binary)) && version(own) === version(target)) {
    mkdirSync(dirname(join(target, binary)), { recursive: true });
    cpSync(join(own, binary), join(target, binary));
  } else {
    await run('npm', ['rebuild', 'better-sqlite3'], build);
  }
}

/** The runtime stage's `COPY --from=build /app/X ./Y` lines, read from the Dockerfile itself. */
function runtimeCopies(): [string, string][] {
  const dockerfile = readFileSync(join(REPO, 'Dockerfile'), 'utf8');
  const runtime = dockerfile.slice(dockerfile.search(/^FROM .* AS runtime$/m));
  return [...runtime.matchAll(/^COPY --from=build \/app\/(\S+) \.\/(\S+)$/gm)].map((match) => [match[1]!, match[2]!]);
}

function packagesImportedBy(dir: string): { static: Set<string>; dynamic: Set<string> } {
  const found = { static: new Set<string>(), dynamic: new Set<string>() };
  const name = (specifier: string) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const code = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    for (const [, specifier] of code.matchAll(/\bfrom\s*["']([^"'./][^"']*)["']/g)) if (!specifier!.startsWith('node:')) found.static.add(name(specifier!));
    for (const [, specifier] of code.matchAll(/\bimport\(\s*["']([^"'./][^"']*)["']\s*\)/g)) if (!specifier!.startsWith('node:')) found.dynamic.add(name(specifier!));
  }
  return found;
}

async function waitForHealth(url: string) {
  for (let i = 0; i < 300; i += 1) {
    if (server?.exitCode !== null && server?.exitCode !== undefined) throw new Error(`servidor saiu com ${server.exitCode}:\n${log}`);
    const ok = await fetch(`${url}/healthz`).then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`servidor não respondeu:\n${log}`);
}

describe('container runtime stage, rebuilt without Docker', () => {
  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(work, { recursive: true, force: true });
  });

  it('builds like the Dockerfile, runs read-only as an unprivileged user, and serves pages, articles and uploads', async () => {
    mkdirSync(build, { recursive: true });
    copyBuildContext();
    await run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], build);
    await rebuildNativeAddons();
    await run('npm', ['run', 'build'], build);
    await run('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund'], build);

    const copies = runtimeCopies();
    expect(copies.map(([from]) => from)).toEqual(expect.arrayContaining(['package.json', 'node_modules', 'dist']));
    for (const [from, to] of copies) cpSync(join(build, from), join(app, to), { recursive: true });

    // Every package the built server imports must survive `npm prune --omit=dev`.
    const imported = packagesImportedBy(join(app, 'dist/server'));
    const missing = [...imported.static, ...[...imported.dynamic].filter((name) => !DEV_ONLY_DYNAMIC_IMPORTS.has(name))].filter(
      (name) => !existsSync(join(app, 'node_modules', name, 'package.json')),
    );
    expect(missing, 'importados em tempo de execução mas ausentes depois do prune (estão em devDependencies?)').toEqual([]);
    expect(imported.static.size).toBeGreaterThan(10);

    // Read-only application directory; the data volume is the only writable place, owned by the user.
    execFileSync('chmod', ['-R', 'a-w', app]);
    mkdirSync(data);
    chownSync(data, UNPRIVILEGED, UNPRIVILEGED);
    chmodSync(work, 0o755);
    expect(statSync(join(app, 'dist/server/server.js')).mode & 0o222).toBe(0);

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['dist/server/server.js'], {
      cwd: app,
      uid: UNPRIVILEGED,
      gid: UNPRIVILEGED,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: data,
        SQLITE_PATH: join(data, 'site.db'),
        SITE_URL: 'https://www.prontivo.test',
        EDITOR_KEYS: KEY,
        DPO_NAME: 'Helena Prado',
        DPO_EMAIL: 'encarregado@prontivo.test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk) => (log += chunk));
    server.stderr!.on('data', (chunk) => (log += chunk));
    await waitForHealth(url);

    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<link rel="canonical" href="https://www.prontivo.test/"/>');
    // Production seeds nothing.
    expect(await (await fetch(`${url}/api/artigos/next-id`)).json()).toMatchObject({ value: 1 });

    const created = await fetch(`${url}/api/artigos/novo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        key: 'uma-chave-de-conteiner-123',
        titulo: 'Meta de PA < 120/80 no consultório',
        titulo_url: 'meta-de-pa',
        descricao: 'Artigo criado no teste do contêiner.',
        conteudo: '<p>Texto do artigo.</p>',
      }),
    });
    const id = ((await created.json()) as { value: number }).value;
    expect(created.status).toBe(200);
    const page = await fetch(`${url}/noticias/${id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Meta de PA &lt; 120/80 no consultório');

    const form = new FormData();
    form.set('key', 'uma-chave-de-conteiner-123');
    form.set('id_artigo', String(id));
    form.set('filename', 'foto.jpg');
    form.set('file', new Blob([readFileSync(join(REPO, 'test/fixtures/uploads/pixel.png'))], { type: 'image/png' }), 'foto.png');
    const upload = await fetch(`${url}/api/artigos/upload-imagem`, { method: 'POST', body: form });
    const uploaded = (await upload.json()) as { value: { nome: string } };
    expect(upload.status, JSON.stringify(uploaded)).toBe(200);
    const image = await fetch(`${url}/assets/artigos/${id}/${uploaded.value.nome}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    expect(log).not.toMatch(/"level":(50|60)/);
  }, HANG_GUARD_MS);
});
