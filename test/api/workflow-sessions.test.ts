import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import cookieParser from 'cookie-parser';
import express from 'express';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/messages.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { WORKFLOW_MESSAGES } from '../../src/workflow/messages.js';
import { createArticle, createTestApp, TEST_EDITOR_AUTHOR, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { articleBody, expectFailure } from '../support/articles-api.js';

const SITE = 'http://localhost:3000';
const PNG = readFileSync(new URL('../fixtures/uploads/pixel.png', import.meta.url));

/** The name=value part of the session cookie a response set. */
function sessionCookie(res: request.Response): string {
  const header = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((line) => line.startsWith('sessao_editor='));
  if (!header) throw new Error('a resposta não definiu o cookie sessao_editor');
  return header.split(';')[0]!;
}

describe('sessões de editor e autorização unificada', () => {
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { EDITOR_KEY_MAX_FAILURES: '3' } });
  });
  afterEach(() => t.close());

  const signIn = async () => {
    const res = await request(t.app).post('/api/sessao').send({ key: TEST_EDITOR_KEY }).expect(200);
    return sessionCookie(res);
  };

  describe('POST /api/sessao', () => {
    it('opens a session for the right key: the author, and a strict HttpOnly cookie', async () => {
      const res = await request(t.app).post('/api/sessao').send({ key: TEST_EDITOR_KEY }).expect(200);
      expect(res.body).toEqual({ status: 1, messages: [], command: 'sessao', value: { autor: TEST_EDITOR_AUTHOR }, fcrj: true });
      const header = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0]!;
      expect(header).toMatch(/^sessao_editor=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Strict$/);
    });

    it('marks the cookie Secure behind HTTPS', async () => {
      const res = await request(t.app).post('/api/sessao').set('X-Forwarded-Proto', 'https').send({ key: TEST_EDITOR_KEY }).expect(200);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    });

    it('stores only a digest of the token', async () => {
      const token = (await signIn()).split('=')[1]!;
      const later = new Date(Date.now() + 60_000).toISOString();
      expect(await t.repo.sessions.touch(token, new Date().toISOString(), later)).toBeNull();
      const digest = createHash('sha256').update(token).digest('hex');
      expect(await t.repo.sessions.touch(digest, new Date().toISOString(), later)).toEqual({ autor: TEST_EDITOR_AUTHOR, id_pessoa: null });
    });

    it('refuses a wrong key with 403 and no cookie, and counts it toward the 429', async () => {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const res = await request(t.app).post('/api/sessao').send({ key: 'chave-errada-123' });
        expect(expectFailure(res, 403, 'sessao')).toEqual([MESSAGES.keyInvalid]);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      const blocked = await request(t.app).post('/api/sessao').send({ key: TEST_EDITOR_KEY });
      expect(expectFailure(blocked, 429, 'sessao')).toEqual([MESSAGES.tooManyKeyFailures]);
      // The count is shared with every other write.
      const write = await request(t.app).post('/api/artigos/novo').send(articleBody());
      expect(write.status).toBe(429);
    });

    it('asks for the key when none is sent', async () => {
      expect(expectFailure(await request(t.app).post('/api/sessao').send({}), 403, 'sessao')).toEqual([MESSAGES.keyMissing]);
    });
  });

  describe('GET /api/sessao and POST /api/sessao/sair', () => {
    it('names the signed-in author, and answers 401 without a live session', async () => {
      const cookie = await signIn();
      const res = await request(t.app).get('/api/sessao').set('Cookie', cookie).expect(200);
      expect(res.body.value).toEqual({ autor: TEST_EDITOR_AUTHOR });
      // Using the session slides its cookie too.
      expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=43200/);
      expect(expectFailure(await request(t.app).get('/api/sessao'), 401, 'sessao')).toEqual([WORKFLOW_MESSAGES.sessionMissing]);
      const forged = `sessao_editor=${'A'.repeat(43)}`;
      expectFailure(await request(t.app).get('/api/sessao').set('Cookie', forged), 401, 'sessao');
    });

    it('ends the session for good and clears the cookie', async () => {
      const cookie = await signIn();
      const out = await request(t.app).post('/api/sessao/sair').set('Cookie', cookie).expect(200);
      expect(String(out.headers['set-cookie'])).toMatch(/^sessao_editor=; Path=\/; Expires=Thu, 01 Jan 1970/);
      expectFailure(await request(t.app).get('/api/sessao').set('Cookie', cookie), 401, 'sessao');
      await request(t.app).post('/api/sessao/sair').expect(200);
    });

    it('expires after 12 idle hours', async () => {
      const cookie = await signIn();
      const token = cookie.split('=')[1]!;
      const digest = createHash('sha256').update(token).digest('hex');
      const thirteenHours = new Date(Date.now() + 13 * 3_600_000).toISOString();
      expect(await t.repo.sessions.touch(digest, thirteenHours, thirteenHours)).toBeNull();
    });

    it('tells the pages who is signed in, through the app’s one set of sessions', async () => {
      const cookie = await signIn();
      const pages = express()
        .use(cookieParser())
        .get('/editor', async (req, res) => {
          res.json(await t.deps.workflow.sessions.read(req, res));
        });
      expect((await request(pages).get('/editor').set('Cookie', cookie)).body).toEqual({ autor: TEST_EDITOR_AUTHOR, id_pessoa: null, papel: 'administrador', permissoes: [] });
      expect((await request(pages).get('/editor')).body).toBeNull();
    });
  });

  describe('a stale or unknown session cookie', () => {
    const stale = async () => {
      const cookie = await signIn();
      await request(t.app).post('/api/sessao/sair').set('Cookie', cookie).expect(200);
      return cookie;
    };

    it('reads a public article as anyone does: 200, not 401', async () => {
      const { id } = await createArticle(t.repo);
      const anonymous = await request(t.app).get(`/api/artigos/${id}`).expect(200);
      for (const cookie of [await stale(), `sessao_editor=${'A'.repeat(43)}`, 'sessao_editor=lixo']) {
        const res = await request(t.app).get(`/api/artigos/${id}`).set('Cookie', cookie);
        expect(res.status, cookie).toBe(200);
        expect(res.body, cookie).toEqual(anonymous.body);
      }
    });

    it('tells a draft from nothing no better than anonymity does', async () => {
      const { id } = await createArticle(t.repo, { status: 'rascunho' });
      const res = await request(t.app).get(`/api/artigos/${id}`).set('Cookie', await stale());
      expect(expectFailure(res, 404, 'artigos/id')).toEqual([MESSAGES.articleNotFound]);
    });

    it('still answers 401 where only editors may read or write', async () => {
      const { id } = await createArticle(t.repo);
      const cookie = await stale();
      expectFailure(await request(t.app).get(`/api/artigos/${id}/revisoes`).set('Cookie', cookie), 401, 'artigos/id/revisoes');
      expectFailure(await request(t.app).post('/api/artigos/lista').set('Cookie', cookie).set('Origin', SITE).send({}), 401, 'artigos/lista');
      expectFailure(await request(t.app).get('/api/sessao').set('Cookie', cookie), 401, 'sessao');
    });
  });

  describe('writes accept the key field, a Bearer key or the session cookie', () => {
    it('creates with the key field (the spec), a Bearer key, or the cookie from this site', async () => {
      await request(t.app).post('/api/artigos/novo').send(articleBody()).expect(200);
      const { key: _key, ...withoutKey } = articleBody();
      await request(t.app).post('/api/artigos/novo').set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).send(withoutKey).expect(200);
      const cookie = await signIn();
      const bySession = await request(t.app).post('/api/artigos/novo').set('Cookie', cookie).set('Origin', SITE).send(withoutKey).expect(200);
      expect((await t.repo.articles.get(bySession.body.value as number))?.autor).toBe(TEST_EDITOR_AUTHOR);
      // A signed-in form sends its hidden key field empty.
      await request(t.app).post('/api/artigos/novo').set('Cookie', cookie).set('Origin', SITE).send({ ...withoutKey, key: '' }).expect(200);
      // Browsers that omit Origin still send the Referer of the page.
      await request(t.app).post('/api/artigos/novo').set('Cookie', cookie).set('Referer', `${SITE}/novo-artigo`).send(withoutKey).expect(200);
      expect(await t.repo.articles.count()).toBe(5);
    });

    it('accepts the request host as origin as well as SITE_URL', async () => {
      const cookie = await signIn();
      const { key: _key, ...withoutKey } = articleBody();
      const res = await request(t.app).post('/api/artigos/novo').set('Cookie', cookie).set('Host', 'editor.interno:8080').set('Origin', 'http://editor.interno:8080').send(withoutKey);
      expect(res.status).toBe(200);
    });

    it('refuses cookie writes from another origin or without any origin (CSRF), and stores nothing', async () => {
      const cookie = await signIn();
      const { key: _key, ...withoutKey } = articleBody();
      for (const origin of ['https://atacante.example', 'null', 'http://localhost:3000.atacante.example']) {
        const res = await request(t.app).post('/api/artigos/novo').set('Cookie', cookie).set('Origin', origin).send(withoutKey);
        expect(expectFailure(res, 403, 'artigos/novo')).toEqual([WORKFLOW_MESSAGES.originRefused]);
      }
      const bare = await request(t.app).post('/api/artigos/novo').set('Cookie', cookie).send(withoutKey);
      expect(expectFailure(bare, 403, 'artigos/novo')).toEqual([WORKFLOW_MESSAGES.originRefused]);
      expect(await t.repo.articles.count()).toBe(0);
      // Refusing a foreign origin judged no key, so it does not count toward the 429.
      await request(t.app).post('/api/sessao').send({ key: TEST_EDITOR_KEY }).expect(200);
    });

    it('refuses a wrong Bearer key, and a wrong key field even with a valid session', async () => {
      const { key: _key, ...withoutKey } = articleBody();
      const bearer = await request(t.app).post('/api/artigos/novo').set('Authorization', 'Bearer chave-errada-123').send(withoutKey);
      expect(expectFailure(bearer, 403, 'artigos/novo')).toEqual([MESSAGES.keyInvalid]);
      const cookie = await signIn();
      const mixed = await request(t.app).post('/api/artigos/novo').set('Cookie', cookie).set('Origin', SITE).send({ ...withoutKey, key: 'chave-errada-123' });
      expect(expectFailure(mixed, 403, 'artigos/novo')).toEqual([MESSAGES.keyInvalid]);
      expect(await t.repo.articles.count()).toBe(0);
    });

    it('answers 401 to a dead session without counting it as a failed key', async () => {
      const cookie = await signIn();
      await request(t.app).post('/api/sessao/sair').set('Cookie', cookie).expect(200);
      const { key: _key, ...withoutKey } = articleBody();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const res = await request(t.app).post('/api/artigos/novo').set('Cookie', cookie).set('Origin', SITE).send(withoutKey);
        expect(expectFailure(res, 401, 'artigos/novo')).toEqual([WORKFLOW_MESSAGES.sessionMissing]);
      }
      await request(t.app).post('/api/sessao').send({ key: TEST_EDITOR_KEY }).expect(200);
    });

    it('uploads an image with the session cookie instead of the key field', async () => {
      const { id } = await createArticle(t.repo);
      const cookie = await signIn();
      const res = await request(t.app)
        .post('/api/artigos/upload-imagem')
        .set('Cookie', cookie)
        .set('Origin', SITE)
        .attach('file', PNG, { filename: 'pixel.png', contentType: 'image/png' })
        .field('id_artigo', String(id));
      expect(res.status).toBe(200);
      expect(res.body.value).toMatchObject({ nome: 'pixel.png' });
      const forged = await request(t.app)
        .post('/api/artigos/upload-imagem')
        .set('Cookie', cookie)
        .set('Origin', 'https://atacante.example')
        .attach('file', PNG, { filename: 'outra.png', contentType: 'image/png' })
        .field('id_artigo', String(id));
      expect(expectFailure(forged, 403, 'artigos/upload-imagem')).toEqual([WORKFLOW_MESSAGES.originRefused]);
    });
  });
});
