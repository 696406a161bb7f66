import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES } from '../../src/lib/messages.js';
import { PEOPLE_MESSAGES } from '../../src/people/messages.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { CAMERA_MODEL, GPS_TEXT, imageFixtures, readFixture } from '../fixtures/images/generate.js';
import { createArticle, createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { validateHtml } from '../support/vnu.js';
import { jsonLdOfType } from './news-html.js';

const SITE_URL = 'https://www.prontivo.test';
const ORIGIN = { Origin: SITE_URL };
const PASSWORD = 'jabuticaba azul no telhado';
const NOT_AN_IMAGE = readFileSync(new URL('../fixtures/uploads/executavel-renomeado.png', import.meta.url));

/** The profile photo: sent and removed with plain forms, square variants at immutable URLs, on the author page and its JSON-LD. */
describe('foto do perfil', () => {
  let t: TestApp;
  let admin: string;
  let ana: { id: number; cookie: string };
  let portrait: { bytes: Buffer; name: string };
  const documents: Record<string, string> = {};

  const cookieOf = (res: request.Response) => [res.headers['set-cookie']].flat()[0]!.split(';')[0]!;
  const form = (path: string, cookie: string, fields: object) => request(t.app).post(path).set('Cookie', cookie).set(ORIGIN).type('form').send(fields);
  const sendPhoto = (path: string, cookie: string, bytes: Buffer, name: string) =>
    request(t.app).post(path).set('Cookie', cookie).set(ORIGIN).attach('foto', bytes, name);
  const fetchBytes = async (url: string) => {
    const response = await request(t.app).get(url).buffer(true).expect(200);
    return { response, bytes: Buffer.from(response.body as Buffer) };
  };
  const heroOf = (html: string) => html.slice(html.indexOf('author-header'), html.indexOf('</section>', html.indexOf('author-header')));

  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL } });
    admin = cookieOf(await request(t.app).post('/editor/entrar').set(ORIGIN).type('form').send({ chave: TEST_EDITOR_KEY }).expect(303));
    const invited = await request(t.app)
      .post('/api/pessoas/convites')
      .set('Authorization', `Bearer ${TEST_EDITOR_KEY}`)
      .send({ nome: 'Ana Souza', email: 'ana@clinica.com.br', papel: 'autor' })
      .expect(200);
    const token = new URL(invited.body.value.convite_url as string).pathname.split('/').at(-1)!;
    await request(t.app).post(`/api/pessoas/convites/${token}`).send({ senha: PASSWORD }).expect(200);
    const signedIn = await request(t.app).post('/api/sessao').send({ email: 'ana@clinica.com.br', senha: PASSWORD }).expect(200);
    ana = { id: invited.body.value.id as number, cookie: cookieOf(signedIn) };
    const oriented = (await imageFixtures()).oriented;
    portrait = { bytes: readFixture(oriented), name: oriented.name };
  });
  afterAll(() => t.close());

  it('takes a camera photo from the account page as square variants, refusing a non-image and a file over 10 MB', async () => {
    // The invitation's acceptance made a profile of the name: a photo may come before the rest.
    const before = await request(t.app).get('/editor/conta').set('Cookie', ana.cookie).expect(200);
    expect(before.text).not.toContain('Salve o perfil público para poder enviar uma foto.');
    expect(before.text).toContain('<input id="perfil-foto" name="foto" type="file"');
    await form('/editor/conta', ana.cookie, { acao: 'perfil', tratamento: 'Dra.', nome_publico: 'Ana Souza', slug: '', profissao: 'MÉDICA', conselho: 'CRM', registro: '123456', uf: 'SP', bio: 'Dermatologista.' }).expect(303);
    const page = await request(t.app).get('/editor/conta').set('Cookie', ana.cookie).expect(200);
    expect(page.text).toContain('method="post" action="/editor/conta" encType="multipart/form-data"');
    expect(page.text).toContain('<input id="perfil-foto" name="foto" type="file"');
    documents['conta sem foto'] = page.text;

    const refused = await sendPhoto('/editor/conta', ana.cookie, NOT_AN_IMAGE, 'foto.png').expect(415);
    expect(refused.text).toContain(MESSAGES.uploadNotImage);
    documents['conta com foto recusada'] = refused.text;
    const big = await sendPhoto('/editor/conta', ana.cookie, Buffer.concat([portrait.bytes, Buffer.alloc(LIMITS.uploadBytes + 1 - portrait.bytes.length)]), portrait.name).expect(413);
    expect(big.text).toContain(MESSAGES.uploadTooLarge);
    const empty = await request(t.app).post('/editor/conta').set('Cookie', ana.cookie).set(ORIGIN).field('acao', 'foto').expect(400);
    expect(empty.text).toContain(PEOPLE_MESSAGES.photoMissing);
    await request(t.app).post('/editor/conta').set('Cookie', ana.cookie).set('Origin', 'https://mal.example').attach('foto', portrait.bytes, portrait.name).expect(403);
    expect((await t.repo.profiles.get(ana.id))!.foto).toBeNull();

    await sendPhoto('/editor/conta', ana.cookie, portrait.bytes, portrait.name).expect(303).expect('Location', '/editor/conta?feito=foto');
    const foto = (await t.repo.profiles.get(ana.id))!.foto!;
    expect(foto.variants.map((variant) => `${variant.format} ${variant.width}x${variant.height}`).sort()).toEqual(
      ['avif', 'jpeg', 'webp'].flatMap((format) => [96, 192, 400].map((side) => `${format} ${side}x${side}`)).sort(),
    );
    expect(foto.masterUrl).toMatch(new RegExp(`^/assets/perfis/${ana.id}/foto\\.400w\\.[0-9a-f]{12}\\.jpg$`));

    // The variant answers before the person has a public article, for good, with nothing of the camera's.
    const { response, bytes } = await fetchBytes(foto.masterUrl);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const metadata = await sharp(bytes).metadata();
    expect([metadata.width, metadata.height, metadata.exif, metadata.xmp]).toEqual([400, 400, undefined, undefined]);
    for (const text of [CAMERA_MODEL, GPS_TEXT]) expect(bytes.includes(text)).toBe(false);
    await request(t.app).get(`/assets/perfis/${ana.id}/outra.400w.0123456789ab.jpg`).expect(404);
    await request(t.app).get(`/assets/perfis/${ana.id}/..%2Fsegredo`).expect(404);

    const saved = await request(t.app).get('/editor/conta?feito=foto').set('Cookie', ana.cookie).expect(200);
    expect(saved.text).toContain('Foto do perfil salva.');
    expect(saved.text).toContain('alt="Foto atual de Dra. Ana Souza"');
    documents['conta com foto'] = saved.text;
  });

  it('shows the photo beside the name on the author page, with the public name as its alt and as the Person’s image', async () => {
    const article = await createArticle(t.repo, { titulo: 'Protetor solar no consultório', titulo_url: 'protetor-solar-no-consultorio', autor: 'Ana Souza', id_criador: ana.id });
    const foto = (await t.repo.profiles.get(ana.id))!.foto!;
    const page = await request(t.app).get('/autores/ana-souza').expect(200);
    const hero = heroOf(page.text);
    expect(hero).toContain('<picture><source type="image/avif"');
    expect(hero).toMatch(/<img class="author-photo" src="\/assets\/perfis\/\d+\/foto\.400w\.[0-9a-f]{12}\.jpg" srcSet="[^"]* 96w, [^"]* 192w, [^"]* 400w" sizes="96px" width="96" height="96" alt="Dra. Ana Souza"/);
    expect(hero.indexOf('<picture>')).toBeLessThan(hero.indexOf('<h1'));
    const person = jsonLdOfType(page.text, 'ProfilePage').mainEntity as Record<string, unknown>;
    expect(person.image).toBe(`${SITE_URL}${foto.masterUrl}`);
    documents['página de autor com foto'] = page.text;

    // Only where it is shown: the article's byline has no photo, so its Person has no image.
    const articlePath = (await request(t.app).get(`/noticias/${article.id}`).expect(301)).headers.location as string;
    const author = (jsonLdOfType((await request(t.app).get(articlePath).expect(200)).text, 'NewsArticle').author as Record<string, unknown>[])[0]!;
    expect(author.name).toBe('Dra. Ana Souza');
    expect(author).not.toHaveProperty('image');
  });

  it('lets an administrator replace and remove a person’s photo; the old addresses stop answering', async () => {
    const old = (await t.repo.profiles.get(ana.id))!.foto!;
    const path = `/editor/pessoas/${ana.id}/perfil`;
    await sendPhoto(path, ana.cookie, portrait.bytes, portrait.name).expect(403);
    const square = await sharp({ create: { width: 150, height: 150, channels: 3, background: { r: 20, g: 120, b: 110 } } }).png().toBuffer();
    await sendPhoto(path, admin, square, 'quadrado.png').expect(303).expect('Location', `${path}?foto`);
    const replaced = (await t.repo.profiles.get(ana.id))!.foto!;
    // Never enlarged: a 150 px photo gives 96 and 150.
    expect([...new Set(replaced.variants.map((variant) => variant.width))].sort((a, b) => a - b)).toEqual([96, 150]);
    await request(t.app).get(old.masterUrl).expect(404);
    const byAdmin = await request(t.app).get(`${path}?foto`).set('Cookie', admin).expect(200);
    expect(byAdmin.text).toContain('Foto do perfil salva.');
    documents['perfil de outra pessoa com foto'] = byAdmin.text;
    expect(jsonLdOfType((await request(t.app).get('/autores/ana-souza').expect(200)).text, 'ProfilePage').mainEntity).toHaveProperty('image', `${SITE_URL}${replaced.masterUrl}`);

    await form(path, admin, { acao: 'remover-foto' }).expect(303).expect('Location', `${path}?foto-removida`);
    expect((await t.repo.profiles.get(ana.id))!.foto).toBeNull();
    await request(t.app).get(replaced.masterUrl).expect(404);
    const again = await form('/editor/conta', ana.cookie, { acao: 'remover-foto' }).expect(400);
    expect(again.text).toContain(PEOPLE_MESSAGES.photoNotFound);
    const page = await request(t.app).get('/autores/ana-souza').expect(200);
    expect(heroOf(page.text)).not.toContain('<picture>');
    expect(jsonLdOfType(page.text, 'ProfilePage').mainEntity).not.toHaveProperty('image');
  });

  it('writes valid HTML (W3C checker)', async () => {
    const errors = await validateHtml(documents);
    for (const [name, messages] of Object.entries(errors)) expect(messages, name).toEqual([]);
  });
});
