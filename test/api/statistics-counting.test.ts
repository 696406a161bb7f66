import { createServer, type RequestListener } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddressOf } from '../../src/http/access-log.js';
import { withPageViews } from '../../src/http/page-views.js';
import { siteDayOf } from '../../src/lib/stats-time.js';
import { articlePath, PATHS } from '../../src/routes/paths.js';
import { createArticle, createTestApp, type TestApp } from '../support/app.js';
import { servingPaths } from '../support/fast-path.js';

const PERSON = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const today = () => siteDayOf(Date.now());

describe.each(['Express', 'caminho rápido'])('statistics counted by the server (%s)', (pathName) => {
  let t: TestApp;
  let listener: RequestListener;
  let article: string;

  beforeAll(async () => {
    t = await createTestApp();
    const stored = await createArticle(t.repo);
    article = articlePath(stored);
    const served = servingPaths(t).find((candidate) => candidate.name === pathName)!;
    listener = withPageViews({ routes: t.deps.routes, stats: t.deps.stats, siteUrl: t.config.site.siteUrl }, clientAddressOf(t.app), served.listener);
  });
  afterAll(() => t.close());

  const report = async (path?: string) => {
    await t.deps.stats!.flush();
    const day = today();
    return t.repo.statistics.report({ from: day, to: day, path, fromInstant: '2000-01-01T00:00:00.000Z', toInstant: '2100-01-01T00:00:00.000Z', limit: 100 });
  };

  it('counts a page view with its referrer host, campaign and device, and bots apart', async () => {
    const before = await report(article);
    // The same reader twice (one visitor), a phone from elsewhere (a second), and Googlebot (a bot, no visitor).
    for (const [agent, address] of [[PERSON, '203.0.113.7'], [PERSON, '203.0.113.9'], [PHONE, '198.51.100.4'], [GOOGLEBOT, '66.249.66.1']] as const) {
      const response = await request(listener).get(article).set('User-Agent', agent).set('X-Forwarded-For', address).set('Referer', 'https://www.google.com/search?q=prontuario');
      expect(response.status).toBe(200);
    }
    await request(listener).get(`${article}?utm_source=boletim&utm_medium=email&utm_campaign=novembro`).set('User-Agent', PERSON);
    const after = await report(article);
    expect(after.paginas[0]!.visualizacoes - (before.paginas[0]?.visualizacoes ?? 0)).toBe(4);
    expect(after.robos.visualizacoes - before.robos.visualizacoes).toBe(1);
    expect(after.origens.map((row) => row.origem)).toContain('www.google.com');
    expect(after.origens.map((row) => row.origem).join()).not.toContain('/search');
    expect(after.campanhas).toContainEqual(expect.objectContaining({ utm_source: 'boletim', utm_medium: 'email', utm_campaign: 'novembro' }));
    expect(after.dispositivos.celular - before.dispositivos.celular).toBe(1);
  });

  it('counts unique visitors per day: an address in the same /24 with the same browser is one visitor', async () => {
    const before = await report(article);
    await request(listener).get(article).set('User-Agent', 'Visitante/1.0 (X11; Linux)').set('X-Forwarded-For', '192.0.2.10');
    await request(listener).get(article).set('User-Agent', 'Visitante/1.0 (X11; Linux)').set('X-Forwarded-For', '192.0.2.11');
    await request(listener).get(article).set('User-Agent', 'Visitante/2.0 (X11; Linux)').set('X-Forwarded-For', '192.0.2.10');
    const after = await report(article);
    expect(after.serie.at(-1)!.visitantes - (before.serie.at(-1)?.visitantes ?? 0)).toBe(2);
    expect(after.serie.at(-1)!.visualizacoes - (before.serie.at(-1)?.visualizacoes ?? 0)).toBe(3);
  });

  it('does not count a 404, a redirect, a HEAD, a prefetch, DNT, Sec-GPC, an editor session, a file or the API', async () => {
    const before = await report();
    const beforeViews = before.serie.reduce((sum, day) => sum + day.visualizacoes, 0) + before.robos.visualizacoes;
    expect((await request(listener).get('/noticias/999999/2020/01/01/nao-existe').set('User-Agent', PERSON)).status).toBe(404);
    expect((await request(listener).get(article.toUpperCase()).set('User-Agent', PERSON)).status).toBe(301);
    await request(listener).head(article).set('User-Agent', PERSON);
    await request(listener).get(article).set('User-Agent', PERSON).set('Sec-Purpose', 'prefetch');
    await request(listener).get(article).set('User-Agent', PERSON).set('DNT', '1');
    await request(listener).get(article).set('User-Agent', PERSON).set('Sec-GPC', '1');
    await request(listener).get(article).set('User-Agent', PERSON).set('Cookie', 'sessao_editor=qualquer');
    await request(listener).get(PATHS.robots).set('User-Agent', PERSON);
    await request(listener).get(PATHS.newsFeed).set('User-Agent', PERSON);
    await request(listener).get(`${t.config.apiBasePath}/artigos`).set('User-Agent', PERSON);
    const after = await report();
    expect(after.serie.reduce((sum, day) => sum + day.visualizacoes, 0) + after.robos.visualizacoes).toBe(beforeViews);
  });

  it('counts a search with the total its page announced, normalised, and never one that looks personal', async () => {
    await request(listener).get('/noticias/busca?q=%20Prontu%C3%A1rio%20%20Eletr%C3%B4nico%20').set('User-Agent', PERSON);
    await request(listener).get('/noticias/busca?q=dermatologia+pedi%C3%A1trica').set('User-Agent', PERSON);
    await request(listener).get('/noticias/busca?q=maria%40exemplo.com.br').set('User-Agent', PERSON);
    await request(listener).get('/noticias/busca?q=123.456.789-09').set('User-Agent', PERSON);
    const after = await report();
    expect(after.buscas).toContainEqual({ termo: 'prontuário eletrônico', resultados: 1, vezes: 1 });
    expect(after.buscas).toContainEqual({ termo: 'dermatologia pediátrica', resultados: 0, vezes: 1 });
    expect(after.buscas.map((row) => row.termo).join()).not.toMatch(/exemplo|123/);
  });

  it('counts the view of a reader who resets the connection as the page goes out, and keeps serving', async () => {
    const server = createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const before = await report(article);
    const resets = 20;
    try {
      // A phone that navigates away: the request goes out and the connection is reset (RST) at once.
      // The response finishes after the socket has forgotten its peer; the server once died of it.
      for (let i = 0; i < resets; i++) {
        await new Promise<void>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.write(`GET ${article} HTTP/1.1\r\nHost: localhost\r\nUser-Agent: ${PERSON}\r\n\r\n`);
            setImmediate(() => {
              socket.resetAndDestroy();
              resolve();
            });
          });
          socket.on('error', reject);
        });
      }
      const next = await fetch(`http://127.0.0.1:${port}${article}`, { headers: { 'User-Agent': PERSON } });
      expect(next.status).toBe(200);
      await next.text();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const after = await report(article);
    expect(after.paginas[0]!.visualizacoes - (before.paginas[0]?.visualizacoes ?? 0)).toBe(resets + 1);
    expect(after.serie.at(-1)!.visitantes - (before.serie.at(-1)?.visitantes ?? 0)).toBeGreaterThanOrEqual(1);
  });
});
