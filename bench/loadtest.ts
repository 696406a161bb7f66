/**
 * npm run loadtest: a bounded mix of page views and API reads at 100 connections for 30 s, with a
 * trickle of article creations beside it, against the production build on loopback.
 * Fails (exit 1) on any error or 5xx. Prints p50/p99 latency and requests per second.
 */
import autocannon, { type Result } from 'autocannon';
import { startBuiltServer, TEST_EDITOR_KEY } from '../test/e2e/support/server.js';

const CONNECTIONS = Number(process.env.LOADTEST_CONNECTIONS ?? 100);
const DURATION_S = Number(process.env.LOADTEST_DURATION ?? 30);
const WRITES_PER_SECOND = 2;

const server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'true', PAGE_CACHE_ENTRIES: '500' });
try {
  const latest = await fetch(`${server.url}/api/artigos/ultimas-noticias`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pageIndex: 1, pageSize: 12 }),
  }).then((response) => response.json() as Promise<{ value: { id: number; titulo_url: string; data_publicacao: string }[] }>);
  const first = latest.value[0];
  if (!first) throw new Error('nenhum artigo de exemplo encontrado para o teste de carga');
  const articlePage = await fetch(`${server.url}/noticias/${first.id}`, { redirect: 'manual' });
  const articlePath = new URL(articlePage.headers.get('location') ?? `/noticias/${first.id}`, server.url).pathname;

  const reads = autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    timeout: 10,
    requests: [
      { method: 'GET', path: '/' },
      { method: 'GET', path: '/preco-prontuario-eletronico' },
      { method: 'GET', path: '/noticias' },
      { method: 'GET', path: articlePath },
      { method: 'GET', path: `/api/artigos/${first.id}` },
      {
        method: 'POST',
        path: '/api/artigos/ultimas-noticias',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pageIndex: 1, pageSize: 12 }),
      },
      { method: 'GET', path: '/sitemap.xml' },
    ],
  });
  let written = 0;
  const writes = autocannon({
    url: server.url,
    connections: 1,
    duration: DURATION_S,
    overallRate: WRITES_PER_SECOND,
    requests: [
      {
        method: 'POST',
        path: '/api/artigos/novo',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          key: TEST_EDITOR_KEY,
          titulo: 'Artigo do teste de carga',
          titulo_url: 'artigo-do-teste-de-carga',
          descricao: 'Criado durante o teste de carga.',
          keywords: 'carga',
          conteudo: '<p>Conteúdo criado durante o teste de carga.</p>',
        }),
      },
    ],
  });
  const [readResult, writeResult] = await Promise.all([reads, writes]);
  written = writeResult['2xx'];

  const rows = [summarise('leituras (páginas + API)', readResult), summarise('escritas (POST /api/artigos/novo)', writeResult)];
  console.table(rows);
  const failures = rows.reduce((sum, row) => sum + row.erros + row['5xx'] + row.outros_nao_2xx, 0);
  console.log(`Artigos criados durante a carga: ${written}`);
  if (failures > 0) {
    console.error(`FALHOU: ${failures} erros, respostas 5xx ou não-2xx inesperadas`);
    process.exitCode = 1;
  } else {
    console.log('OK: zero erros, zero 5xx');
  }
} finally {
  await server.stop();
}

function summarise(name: string, result: Result) {
  const redirects = result['3xx'];
  return {
    cenario: name,
    'req/s': Math.round(result.requests.average),
    requisicoes: result.requests.total,
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    erros: result.errors + result.timeouts,
    '5xx': result['5xx'],
    outros_nao_2xx: result.non2xx - result['5xx'] - redirects,
  };
}
