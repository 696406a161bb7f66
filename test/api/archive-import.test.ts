import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readExport } from '../../src/import/read-export.js';
import { articlePath } from '../../src/routes/paths.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { fileSha256 } from '../../src/workflow/archive-import.js';
import { candidates, planItem } from '../../src/workflow/import-rules.js';
import { createTestApp, TEST_EDITOR_AUTHOR, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { expectFailure } from '../support/articles-api.js';
import { WXR_FIXTURE, writeMarkdownZip, writeWordPressZip } from '../support/import-archives.js';

const bearer = { Authorization: `Bearer ${TEST_EDITOR_KEY}` };

async function finished(t: TestApp, id: number) {
  for (;;) {
    const { body } = await request(t.app).get(`/api/importacoes/${id}`).set(bearer).expect(200);
    if (body.value.estado === 'concluida' && body.value.relatorio) return body.value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function importFile(t: TestApp, path: string, name: string) {
  const started = await request(t.app).post('/api/importacoes').set(bearer).attach('file', path, name).expect(200);
  return finished(t, started.body.value.id as number);
}

describe('importação do WordPress: prévia, importação, idempotência, retomada e 301', () => {
  let t: TestApp;
  let folder: string;
  let ana: number;

  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS });
    folder = await mkdtemp(join(tmpdir(), 'importacao-api-'));
    ana = (await t.repo.people.invite({ nome: 'Ana Souza', email: 'ana@clinica.example', papel: 'autor' }, { token_hash: 'a', expira_em: new Date(Date.now() + 86_400_000).toISOString() })).id;
  });
  afterAll(async () => {
    await t.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('dry run: says what would be created and what refused, with reasons, and writes nothing', async () => {
    const { body } = await request(t.app).post('/api/importacoes/previa').set(bearer).attach('file', WXR_FIXTURE, 'blog.xml').expect(200);
    const report = body.value;
    expect(report).toMatchObject({ origem: 'wordpress', fonte: 'https://blog.clinica.example', total: 6, criar: 4, existentes: 0, recusados: 2, ignorados: { attachment: 1, nav_menu_item: 1 } });
    const byId = Object.fromEntries(report.itens.map((item: { id_origem: string }) => [item.id_origem, item]));
    expect(byId['140']).toMatchObject({ acao: 'recusar', motivo: 'Está na lixeira do WordPress.' });
    expect(byId['150']).toMatchObject({ acao: 'recusar', motivo: 'O texto fica vazio depois de limpo, e um artigo publicado precisa de texto.' });
    expect(byId['123']).toMatchObject({ acao: 'criar', status: 'publicado', titulo_url: 'agenda-da-clinica', imagens: 0, imagens_remotas: ['https://blog.clinica.example/wp-content/uploads/2024/05/recepcao-1024x683.jpg', 'https://cdn.outro-site.example/grafico.png', 'https://blog.clinica.example/wp-content/uploads/2024/05/recepcao.jpg'] });
    // The featured image (_thumbnail_id 45) is an attachment on the old site: named, never fetched.
    expect(byId['123']).toMatchObject({ imagem_principal: 'https://blog.clinica.example/wp-content/uploads/2024/05/recepcao.jpg' });
    expect(byId['123'].avisos).toContain('A imagem principal está em outro site e não foi trazida: envie o arquivo no campo da imagem principal.');
    expect(byId['88'].avisos).toContain('O autor bruno@antigo.example não é uma pessoa do site: o artigo fica assinado por quem importa.');
    expect(byId['88'].avisos).toContain('O shortcode [gallery] foi removido: ele só funciona no WordPress.');
    expect(byId['130']).toMatchObject({ acao: 'criar', status: 'rascunho', titulo_url: 'rascunho-de-pauta' });
    expect(await t.repo.articles.count()).toBe(0);
  });

  it('only administrators import', async () => {
    await request(t.app).post('/api/importacoes/previa').attach('file', WXR_FIXTURE, 'blog.xml').expect(403);
  });

  it('refuses a file that is no export, in Portuguese', async () => {
    const response = await request(t.app).post('/api/importacoes/previa').set(bearer).attach('file', Buffer.from('<html></html>'), 'pagina.html');
    expect(expectFailure(response, 422, 'importacoes/previa')).toEqual(['O arquivo não é uma exportação do WordPress (XML) nem um zip com arquivos Markdown.']);
  });

  it('resumes an interrupted import of the same file where it stopped, then imports it again creating nothing', async () => {
    // An instance that died after two items leaves its job unfinished with those two imported.
    const opened = await readExport(WXR_FIXTURE);
    const job = await t.repo.imports.openJob(
      { origem: 'wordpress', arquivo: 'blog.xml', sha256: await fileSha256(WXR_FIXTURE), total: candidates(opened.parsed).length, autor: TEST_EDITOR_AUTHOR, id_pessoa: null },
      new Date().toISOString(),
    );
    const context = { autor: TEST_EDITOR_AUTHOR, id_pessoa: null, now: new Date().toISOString(), attachments: new Map(), personByEmail: async (email: string) => {
      const person = await t.repo.people.findByEmail(email);
      return person ? { id: person.id, nome: person.nome } : null;
    } };
    for (const item of candidates(opened.parsed).slice(0, 2)) {
      const { planned } = await planItem(item, opened.parsed.fonte, () => null, context);
      await t.repo.imports.createArticle(planned!.article, planned!.source, job.id, () => planned!.body.html);
    }
    await t.repo.imports.progress(job.id, { feitos: 2, recusados: 0 }, false, new Date().toISOString());
    expect(await t.repo.articles.count()).toBe(2);
    const sql = await t.repo.imports.job(job.id);
    expect(sql).toMatchObject({ estado: 'em-andamento', criados: 2 });

    const resumed = await importFile(t, WXR_FIXTURE, 'blog.xml');
    expect(resumed).toMatchObject({ id: job.id, estado: 'concluida', total: 6, feitos: 6, criados: 4, recusados: 2 });
    expect(resumed.relatorio).toMatchObject({ criar: 2, existentes: 2, recusados: 2 });
    expect(await t.repo.articles.count()).toBe(4);

    const again = await importFile(t, WXR_FIXTURE, 'blog-de-novo.xml');
    expect(again.id).not.toBe(job.id);
    expect(again).toMatchObject({ criados: 0, recusados: 2 });
    expect(again.relatorio).toMatchObject({ criar: 0, existentes: 4 });
    expect(await t.repo.articles.count()).toBe(4);
  });

  it('keeps title, slug, dates, topics and the signer by e-mail; the body is clean', async () => {
    const [found] = await t.repo.imports.imported('https://blog.clinica.example', ['123']).then((map) => [...map.values()]);
    const article = (await t.repo.articles.get(found!))!;
    expect(article).toMatchObject({ titulo: 'Como organizar a agenda da clínica', titulo_url: 'agenda-da-clinica', status: 'publicado', data_publicacao: '2024-05-10T12:30:00.000Z', descricao: 'Dicas para reduzir faltas e atrasos na agenda.' });
    expect(article.autores).toEqual([ana]);
    expect(article.conteudo).toContain('<h2>Confirmação por mensagem</h2>');
    expect(article.conteudo).not.toMatch(/<!--|iframe|outro-site|<img/);
    const topics = await t.repo.topics.ofArticles([article.id]);
    expect(topics.get(article.id)!.map((topic) => topic.nome)).toEqual(['Gestão', 'Prontuário']);
  });

  it('answers old WordPress URLs with a 301 to the new article, and leaves the rest alone', async () => {
    const id = (await t.repo.imports.imported('https://blog.clinica.example', ['123'])).get('123')!;
    const target = articlePath((await t.repo.articles.get(id))!);
    expect((await request(t.app).get('/?p=123').expect(301)).headers.location).toBe(target);
    expect((await request(t.app).get('/2024/05/agenda-da-clinica/').expect(301)).headers.location).toBe(target);
    expect((await request(t.app).head('/2024/05/agenda-da-clinica').expect(301)).headers.location).toBe(target);
    const page = (await t.repo.imports.imported('https://blog.clinica.example', ['2'])).get('2')!;
    expect((await request(t.app).get('/?page_id=2').expect(301)).headers.location).toBe(articlePath((await t.repo.articles.get(page))!));
    expect((await request(t.app).get('/sobre/').expect(301)).headers.location).toBe(articlePath((await t.repo.articles.get(page))!));
    // A draft is not public: its old id is no redirect.
    await request(t.app).get('/?p=130').expect(200);
    await request(t.app).get('/2099/01/nada/').expect(404);
  });
});

describe('importação de zips: Markdown com imagens e WordPress com a pasta uploads', () => {
  let t: TestApp;
  let folder: string;

  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS });
    folder = await mkdtemp(join(tmpdir(), 'importacao-zip-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('imports Markdown files with their images through the image pipeline, listing remote ones', async () => {
    const path = join(folder, 'markdown.zip');
    await writeMarkdownZip(path);
    const done = await importFile(t, path, 'site.zip');
    expect(done).toMatchObject({ origem: 'markdown', total: 3, criados: 2, recusados: 1 });
    const byId = Object.fromEntries(done.relatorio.itens.map((item: { id_origem: string }) => [item.id_origem, item]));
    expect(byId['posts/sem-titulo.md']).toMatchObject({ acao: 'recusar', motivo: 'Não tem título.' });
    expect(byId['posts/rascunho.md']).toMatchObject({ acao: 'criar', status: 'rascunho' });
    expect(byId['posts/2024-03-01-bem-vindo.md']).toMatchObject({ imagens: 1, imagens_remotas: ['https://cdn.example.com/remota.png'] });
    const article = (await t.repo.articles.get(byId['posts/2024-03-01-bem-vindo.md'].id_artigo))!;
    expect(article.conteudo).toContain(`<img src="/assets/artigos/${article.id}/fachada.jpg" alt="Fachada" />`);
    const image = await request(t.app).get(`/assets/artigos/${article.id}/fachada.jpg`).expect(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect((await t.repo.images.imageSets([article.id])).map((set) => set.nome)).toEqual(['fachada.jpg']);
    expect((await request(t.app).get('/blog/bem-vindo/').expect(301)).headers.location).toBe(articlePath(article));
    // The front matter's image is the main image, the same stored file the body shows.
    expect(article).toMatchObject({ imagem_nome: 'fachada.jpg', imagem_alt: 'A fachada da clínica', imagem_caption: 'Bem-vindo ao novo site', imagem_width: 320, imagem_height: 200 });
  });

  it('imports a WordPress export zipped with its uploads: the photo comes from the zip, never from the old site', async () => {
    const path = join(folder, 'wordpress.zip');
    await writeWordPressZip(path);
    const done = await importFile(t, path, 'backup.zip');
    const item = done.relatorio.itens.find((candidate: { id_origem: string }) => candidate.id_origem === '123');
    expect(item).toMatchObject({ imagens: 1, imagens_remotas: ['https://cdn.outro-site.example/grafico.png'] });
    const article = (await t.repo.articles.get(item.id_artigo))!;
    expect(article.conteudo).toContain(`src="/assets/artigos/${article.id}/recepcao.jpg"`);
    await request(t.app).get(`/assets/artigos/${article.id}/recepcao.jpg`).expect(200);
    // _thumbnail_id names the attachment whose file is in the zip: the article's main image, one stored copy.
    expect(item).toMatchObject({ imagem_principal: 'wp-content/uploads/2024/05/recepcao.jpg' });
    expect(article).toMatchObject({ imagem_nome: 'recepcao.jpg', imagem_caption: 'Foto da recepção', imagem_alt: 'Balcão da recepção' });
    expect((await t.repo.images.imageSets([article.id])).map((set) => set.nome)).toEqual(['recepcao.jpg']);
    expect(await readFile(path)).toBeTruthy();
  });
});
