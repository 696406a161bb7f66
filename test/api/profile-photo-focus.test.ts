import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE_MESSAGES } from '../../src/people/messages.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { validateHtml } from '../support/vnu.js';

const SITE_URL = 'https://www.prontivo.test';
const ORIGIN = { Origin: SITE_URL };
const PASSWORD = 'jabuticaba azul no telhado';
/** A face-like subject near the top right corner (head centred at 1400, 150 of 1600 × 1200): see the fixtures' README. */
const FACE = readFileSync(new URL('../fixtures/uploads/rosto-no-canto.jpg', import.meta.url));

/** The colour at (x, y) of an image. */
async function pixel(bytes: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

/** The head's skin colour (#e0ac69), give or take JPEG's rounding. */
const isSkin = ([r, g, b]: [number, number, number]) => Math.abs(r - 0xe0) < 24 && Math.abs(g - 0xac) < 24 && Math.abs(b - 0x69) < 24;

/** The focal point of the profile photo (issue 34): the square variants keep it in frame, re-made at new URLs. */
describe('ponto focal da foto do perfil', () => {
  let t: TestApp;
  let ana: { id: number; cookie: string };
  const cookieOf = (res: request.Response) => [res.headers['set-cookie']].flat()[0]!.split(';')[0]!;
  const form = (fields: object) => request(t.app).post('/editor/conta').set('Cookie', ana.cookie).set(ORIGIN).type('form').send(fields);
  const photo = async () => (await t.repo.profiles.get(ana.id))!.foto!;
  const bytesOf = async (url: string) => (await request(t.app).get(url).buffer(true).expect(200)).body as Buffer;

  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL } });
    const invited = await request(t.app).post('/api/pessoas/convites').set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).send({ nome: 'Ana Souza', email: 'ana@clinica.com.br', papel: 'autor' }).expect(200);
    const token = new URL(invited.body.value.convite_url as string).pathname.split('/').at(-1)!;
    await request(t.app).post(`/api/pessoas/convites/${token}`).send({ senha: PASSWORD }).expect(200);
    ana = { id: invited.body.value.id as number, cookie: cookieOf(await request(t.app).post('/api/sessao').send({ email: 'ana@clinica.com.br', senha: PASSWORD }).expect(200)) };
  });
  afterAll(() => t.close());

  it('cuts the square photo again around the point chosen by a click or the fields, at new URLs, keeping the face in frame', async () => {
    await request(t.app).post('/editor/conta').set('Cookie', ana.cookie).set(ORIGIN).attach('foto', FACE, 'rosto.jpg').expect(303);
    const page = await request(t.app).get('/editor/conta').set('Cookie', ana.cookie).expect(200);
    expect(page.text).toContain('<h4 id="conta-foto-foco">Ponto focal</h4>');
    expect(page.text).toMatch(/<input type="image" name="ponto" src="data:image\/jpeg;base64,[^"]+" width="320" height="240" alt="Ponto focal da sua foto: clique no ponto que os recortes devem manter" tabindex="-1"\/>/);
    expect(page.text).toContain('<label for="foto-foco-x">Horizontal (% da esquerda)</label>');
    expect((await validateHtml({ conta: page.text }))['conta']).toEqual([]);

    // The fields (the keyboard's way): the head's centre, 87.5% from the left and 12.5% from the top.
    await form({ acao: 'foco-foto', x: '87,5', y: '12.5' }).expect(303).expect('Location', '/editor/conta?feito=foto-foco');
    const framed = await photo();
    // The 400 px square is cut from 400..1600 × 0..1200: the head (1400, 150) lands at (333, 50).
    const master = await bytesOf(framed.masterUrl);
    expect(isSkin(await pixel(master, 333, 50))).toBe(true);
    const small = framed.variants.find((variant) => variant.width === 96 && variant.format === 'jpeg')!;
    expect(isSkin(await pixel(await bytesOf(small.url), 80, 12))).toBe(true);

    // A click on the picture (320 × 240) at the bottom left: the square moves there, at new URLs, and the head leaves it.
    await form({ acao: 'foco-foto-clique', 'ponto.x': '16', 'ponto.y': '228' }).expect(303).expect('Location', '/editor/conta?feito=foto-foco');
    const moved = await photo();
    expect(moved.masterUrl).not.toBe(framed.masterUrl);
    expect(moved.masterUrl).toMatch(new RegExp(`^/assets/perfis/${ana.id}/foto\\.400w\\.[0-9a-f]{12}\\.jpg$`));
    await request(t.app).get(framed.masterUrl).expect(404);
    const away = await bytesOf(moved.masterUrl);
    for (const [x, y] of [[333, 50], [399, 0], [399, 50]] as const) expect(isSkin(await pixel(away, x, y))).toBe(false);

    const shown = await request(t.app).get('/editor/conta?feito=foto-foco').set('Cookie', ana.cookie).expect(200);
    expect(shown.text).toContain('Ponto focal da foto salvo: a foto foi recortada de novo em volta dele.');
    expect(shown.text).toContain('Ponto focal: 5% da esquerda, 95% do topo.');
    const audit = await t.repo.audit.list({ pageIndex: 1, pageSize: 5, acao: 'mudou-foco-da-foto' });
    expect(audit.items).toHaveLength(2);

    // An administrator frames anyone's photo from the person's profile page, with the same control.
    const signedIn = await request(t.app).post('/editor/entrar').set(ORIGIN).type('form').send({ chave: TEST_EDITOR_KEY, volta: '/editor' }).expect(303);
    const admin = cookieOf(signedIn);
    const profilePage = await request(t.app).get(`/editor/pessoas/${ana.id}/perfil`).set('Cookie', admin).expect(200);
    expect(profilePage.text).toContain('alt="Ponto focal da foto: clique no ponto que os recortes devem manter"');
    expect(profilePage.text).toContain('Ponto focal: 5% da esquerda, 95% do topo.');
    await request(t.app).post(`/editor/pessoas/${ana.id}/perfil`).set('Cookie', admin).set(ORIGIN).type('form').send({ acao: 'foco-foto', x: '87.5', y: '12.5' }).expect(303).expect('Location', `/editor/pessoas/${ana.id}/perfil?foto-foco`);
    const reframed = await request(t.app).get(`/editor/pessoas/${ana.id}/perfil?foto-foco`).set('Cookie', admin).expect(200);
    expect(reframed.text).toContain('Ponto focal da foto salvo: a foto foi recortada de novo em volta dele.');
    expect(isSkin(await pixel(await bytesOf((await photo()).masterUrl), 333, 50))).toBe(true);

    expect((await form({ acao: 'foco-foto', x: 'abc', y: '10' }).expect(400)).text).toContain(PEOPLE_MESSAGES.photoFocusInvalid);
    await form({ acao: 'remover-foto' }).expect(303);
    expect((await form({ acao: 'foco-foto', x: '50', y: '50' }).expect(400)).text).toContain(PEOPLE_MESSAGES.photoNotFound);
  });
});
