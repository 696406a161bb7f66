import Database from 'better-sqlite3';
import { loadConfig } from './src/config.ts';
import { openRepository } from './src/db/open.ts';
import { seedGeneratedArticles } from './src/db/generated-articles.ts';
import { createLogger } from './src/logger.ts';
const path = '/tmp/probe-search.db';
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', EDITOR_KEYS: 'x:chave-do-probe-123', SQLITE_PATH: path, DATA_DIR: '/tmp/probe-data' });
const repo = await openRepository(config, createLogger(config));
const N = Number(process.env.N ?? 20000);
if ((await repo.count()) === 0) { const t = performance.now(); await seedGeneratedArticles(repo, N); console.log('seed', ((performance.now() - t) / 1000).toFixed(1), 's'); }
const time = async (label: string, f: () => Promise<unknown>) => { for (let i = 0; i < 5; i++) await f(); const ts: number[] = []; for (let i = 0; i < 15; i++) { const t = performance.now(); await f(); ts.push(performance.now() - t); } ts.sort((a, b) => a - b); console.log(label, ts[7]!.toFixed(2), 'ms'); };
await time('list agenda', () => repo.list({ pageIndex: 1, pageSize: 20, busca: 'agenda' }));
await time('list title', () => repo.list({ pageIndex: 1, pageSize: 20, busca: String(N / 2) }));
await time('search agenda', () => repo.search({ terms: ['agend'], pageIndex: 1, pageSize: 12 }));
console.log((await repo.list({ pageIndex: 1, pageSize: 20, busca: 'agenda' })).total);
await repo.close();
const db = new Database(path, { readonly: true });
const q = `SELECT id FROM artigos WHERE EXISTS (SELECT 1 FROM artigos_indice WHERE artigos_indice MATCH '("agend"*)' AND rowid = artigos.id) ORDER BY data_atualizacao DESC, id DESC LIMIT 20`;
console.log(db.prepare('EXPLAIN QUERY PLAN ' + q).all().map((r: any) => r.detail).join('\n'));
