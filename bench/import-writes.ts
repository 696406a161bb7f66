/**
 * The import's writes alone (issue 34): 1,000 articles with their sources on SQLite, one transaction per
 * article against batches of 50 (what runImport does), twice each, without the normaliser's cost around them.
 * Run: npx tsx bench/import-writes.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createLogger } from '../src/logger.js';
import { openSqliteRepository } from '../src/open-storage.js';

const logger = createLogger({ logLevel: 'silent' } as never);
const article = (n: number, run: string) => ({ titulo: `Post ${run} ${n}`, titulo_url: `post-${run}-${n}`, descricao: 'Resumo.', keywords: '', conteudo: `<p>${'Texto do post. '.repeat(80)}</p>`, autor: 'Bench', status: 'publicado' as const, temas: ['Gestão', 'Agenda'] });
for (const round of [1, 2]) {
  for (const mode of ['um por transação', '50 por transação']) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-escritas-'));
    const repo = await openSqliteRepository(join(dir, 'site.db'), logger);
    const job = await repo.imports.openJob({ origem: 'wordpress', arquivo: 'x', sha256: mode, total: 1000, autor: 'Bench', id_pessoa: null }, new Date().toISOString());
    const source = (n: number) => ({ fonte: 'bench', id_origem: String(n), wp_id: n, caminho_antigo: null });
    const start = performance.now();
    if (mode === 'um por transação') for (let n = 0; n < 1000; n++) await repo.imports.createArticle(article(n, 'a'), source(n), job.id, () => article(n, 'a').conteudo);
    else for (let n = 0; n < 1000; n += 50) await repo.imports.createArticles(Array.from({ length: 50 }, (_, i) => ({ article: article(n + i, 'b'), source: source(n + i), contentFor: () => article(n + i, 'b').conteudo })), job.id);
    console.log(`rodada ${round}, ${mode}: ${((performance.now() - start) / 1000).toFixed(2)} s para 1.000 artigos`);
    await repo.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
