/**
 * A generated WordPress export of 1,000 posts (issue 34): how long the dry run and the import take on
 * SQLite, and whether memory stays flat (heap and RSS sampled every 100 items through the job's counts).
 * Run: npx tsx bench/import.ts [posts]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDecodeQueue } from '../src/images/decode-queue.js';
import { readExport } from '../src/import/read-export.js';
import { createLogger } from '../src/logger.js';
import { openSqliteRepository } from '../src/open-storage.js';
import { dryRun, fileSha256, runImport } from '../src/workflow/archive-import.js';
import { candidates } from '../src/workflow/import-rules.js';

const POSTS = Number(process.argv[2] ?? process.env.POSTS ?? 1000);
const TOPICS = ['Gestão', 'Prontuário', 'Telemedicina', 'LGPD', 'Faturamento', 'Agenda'];

function post(n: number): string {
  const paragraphs = Array.from({ length: 12 }, (_, p) => `<!-- wp:paragraph -->\n<p>Parágrafo ${p} do post ${n}: a clínica organiza a <strong>agenda</strong>, o <em>prontuário</em> e o faturamento com <a href="https://exemplo.com/${n}">um link</a>.</p>\n<!-- /wp:paragraph -->`).join('\n\n');
  const month = String((n % 12) + 1).padStart(2, '0');
  return `<item><title><![CDATA[Post número ${n} sobre gestão]]></title><link>https://blog.exemplo.com/2024/${month}/post-${n}/</link><dc:creator><![CDATA[ana]]></dc:creator>
<content:encoded><![CDATA[${paragraphs}\n\n<!-- wp:heading --><h2>Seção</h2><!-- /wp:heading -->\n\n<!-- wp:list --><ul><li>um</li><li>dois</li></ul><!-- /wp:list -->\n\n<!-- wp:image --><figure class="wp-block-image"><img src="https://blog.exemplo.com/wp-content/uploads/2024/${month}/foto-${n}.jpg" alt="Foto"/></figure><!-- /wp:image -->\n\n[gallery ids="1,2"]]]></content:encoded>
<excerpt:encoded><![CDATA[Resumo do post ${n}.]]></excerpt:encoded><wp:post_id>${n}</wp:post_id><wp:post_date_gmt><![CDATA[2024-${month}-10 12:00:00]]></wp:post_date_gmt><wp:post_name><![CDATA[post-${n}]]></wp:post_name><wp:status><![CDATA[publish]]></wp:status><wp:post_type><![CDATA[post]]></wp:post_type>
<category domain="category" nicename="x"><![CDATA[${TOPICS[n % TOPICS.length]}]]></category><category domain="post_tag" nicename="y"><![CDATA[${TOPICS[(n + 1) % TOPICS.length]}]]></category></item>`;
}

const dir = mkdtempSync(join(tmpdir(), 'bench-importacao-'));
try {
  const path = join(dir, 'blog.xml');
  writeFileSync(
    path,
    `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/"><channel><title>Blog</title><link>https://blog.exemplo.com</link>
<wp:author><wp:author_login><![CDATA[ana]]></wp:author_login><wp:author_email><![CDATA[ana@exemplo.com]]></wp:author_email><wp:author_display_name><![CDATA[Ana]]></wp:author_display_name></wp:author>
${Array.from({ length: POSTS }, (_, n) => post(n + 1)).join('\n')}</channel></rss>`,
  );
  const logger = createLogger({ logLevel: 'silent' });
  const repo = await openSqliteRepository(join(dir, 'site.db'), logger);
  const importer = { autor: 'Bench', id_pessoa: null };
  const mb = (bytes: number) => Math.round(bytes / 1_048_576);
  globalThis.gc?.();
  const before = process.memoryUsage();

  let start = performance.now();
  const opened = await readExport(path);
  const parseMs = performance.now() - start;
  start = performance.now();
  const preview = await dryRun(repo, opened, importer);
  const dryMs = performance.now() - start;

  const samples: { feitos: number; heap: number; rss: number }[] = [];
  const job = await repo.imports.openJob({ origem: 'wordpress', arquivo: 'blog.xml', sha256: await fileSha256(path), total: candidates(opened.parsed).length, autor: 'Bench', id_pessoa: null }, new Date().toISOString());
  const progress = repo.imports.progress.bind(repo.imports);
  repo.imports.progress = async (id, counts, done, now) => {
    if (counts.feitos % 100 === 0 || done) samples.push({ feitos: counts.feitos, heap: mb(process.memoryUsage().heapUsed), rss: mb(process.memoryUsage().rss) });
    return progress(id, counts, done, now);
  };
  start = performance.now();
  const report = await runImport({ repo, decodes: createDecodeQueue(), logger }, opened, job, importer);
  const importMs = performance.now() - start;
  start = performance.now();
  const again = await runImport({ repo, decodes: createDecodeQueue(), logger }, opened, await repo.imports.openJob({ origem: 'wordpress', arquivo: 'blog.xml', sha256: 'de-novo', total: job.total, autor: 'Bench', id_pessoa: null }, new Date().toISOString()), importer);
  const againMs = performance.now() - start;

  console.log(`WXR de ${POSTS} posts (${mb((await import('node:fs')).statSync(path).size)} MB)`);
  console.log(`leitura: ${Math.round(parseMs)} ms; prévia: ${Math.round(dryMs)} ms (${preview.criar} a criar, ${preview.recusados} recusados)`);
  console.log(`importação: ${(importMs / 1000).toFixed(1)} s (${report.criar} criados; ${Math.round(importMs / POSTS)} ms por post)`);
  console.log(`de novo: ${(againMs / 1000).toFixed(1)} s (${again.criar} criados, ${again.existentes} já existentes)`);
  console.log(`memória antes: heap ${mb(before.heapUsed)} MB, RSS ${mb(before.rss)} MB`);
  console.log(`memória a cada 100 posts (heap/RSS MB): ${samples.map((s) => `${s.feitos}:${s.heap}/${s.rss}`).join(' ')}`);
  await repo.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
